import { describe, expect, it } from "vitest";
import { countPlaywright, countVitest, failedVitest, summarize } from "./test-report.mjs";

describe("test report counting", () => {
  it("counts a vitest report", () => {
    const report = { numPassedTests: 10, numFailedTests: 1, numPendingTests: 2, numTodoTests: 1, testResults: [] };
    expect(countVitest(report, 1)).toEqual({ passed: 10, failed: 1, skipped: 3 });
  });

  it("counts a vitest file that failed to load as a failure", () => {
    const report = {
      numPassedTests: 3,
      numFailedTests: 0,
      testResults: [
        { status: "failed", assertionResults: [] },
        { status: "passed", assertionResults: [{ status: "passed" }] },
      ],
    };
    expect(countVitest(report, 1)).toMatchObject({ passed: 3, failed: 1 });
  });

  it("never lets a broken or empty run pass", () => {
    expect(countVitest(null, 1)).toMatchObject({ failed: 1 });
    expect(countVitest({ numPassedTests: 4, numFailedTests: 0, testResults: [] }, 1)).toMatchObject({ passed: 4, failed: 1 });
    expect(countVitest({ numPassedTests: 0, numFailedTests: 0, testResults: [] }, 0)).toMatchObject({ failed: 1 });
    expect(countPlaywright(null, 1)).toMatchObject({ failed: 1 });
    expect(countPlaywright({ stats: { expected: 2, unexpected: 0 }, errors: [{}, {}] }, 1)).toMatchObject({ passed: 2, failed: 2 });
    expect(countPlaywright({ stats: {} }, 0)).toMatchObject({ failed: 1 });
  });

  it("counts a playwright report, flaky tests as passed", () => {
    expect(countPlaywright({ stats: { expected: 5, unexpected: 1, flaky: 1, skipped: 2 } }, 1)).toEqual({
      passed: 6,
      failed: 1,
      skipped: 2,
    });
  });

  it("sums suites into the line CI reads", () => {
    expect(
      summarize([
        { passed: 3, failed: 0, skipped: 0 },
        { passed: 2, failed: 1, skipped: 0 },
      ]).line,
    ).toBe("5 passed, 1 failed");
    expect(summarize([{ passed: 3, failed: 0, skipped: 2 }]).line).toBe("3 passed, 0 failed, 2 skipped");
    expect(summarize([]).line).toBe("0 passed, 0 failed");
  });

  it("names each failed test and each file that failed outside its tests, relative to the root", () => {
    const report = {
      testResults: [
        {
          name: "/repo/lib/a.test.ts",
          status: "failed",
          assertionResults: [
            { status: "passed", fullName: "a works" },
            { status: "failed", fullName: "a rule holds", failureMessages: ["AssertionError: expected 1 to be 2\n    at stack"] },
          ],
        },
        { name: "/repo/lib/b.test.ts", status: "failed", message: "Cannot find module x\nstack", assertionResults: [] },
        { name: "/repo/lib/c.test.ts", status: "passed", assertionResults: [{ status: "passed", fullName: "c" }] },
      ],
    };
    expect(failedVitest(report, "/repo")).toEqual([
      "lib/a.test.ts > a rule holds :: AssertionError: expected 1 to be 2",
      "lib/b.test.ts (the file failed: Cannot find module x)",
    ]);
    expect(failedVitest(null, "/repo")).toEqual([]);
  });
});
