import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildDemoRows, demoCompanyId } from "./build";
import { demoCompany } from "./demo";

// The README tells a first-time user how many employments the demo shows: the numbers the API lists
// (lib/gateway/services/employments.ts hides deleted employments from lists and shows), not the rows the seed writes.

const README = readFileSync(join(process.cwd(), "README.md"), "utf8").replace(/\s+/g, " ");
const SENTENCE = /There are (\d+) employments per environment \((\d+) in the demo company, which also has (\d+) deleted ones/;

describe("README's demo data", () => {
  it("states the employment counts the seed gives, as the API lists them", () => {
    const m = SENTENCE.exec(README);
    expect(m, "the README's sentence on the demo employments").not.toBeNull();
    const [perEnvironment, inDemoCompany, deletedInDemoCompany] = m!.slice(1).map(Number);
    const forms = { listFormNames: () => [], exampleSection: () => ({}) };
    for (const environment of ["sandbox", "production"] as const) {
      const rows = buildDemoRows({ environment, passwordHash: null, forms }).employments;
      const demoId = demoCompanyId(environment, demoCompany(environment).key);
      const listed = rows.filter((e) => e.status !== "deleted");
      const demo = rows.filter((e) => e.companyId === demoId);
      expect(listed.length, environment).toBe(perEnvironment);
      expect(demo.filter((e) => e.status !== "deleted").length, environment).toBe(inDemoCompany);
      expect(demo.filter((e) => e.status === "deleted").length, environment).toBe(deletedInDemoCompany);
    }
  });
});
