import { describe, expect, it } from "vitest";
import { CONFORMANCE_ALLOW_LIST } from "@/test-support/gateway/provider/allow-list";
import { conformanceTally, settled } from "@/test-support/gateway/provider/observe";

// Every response the API gave in this run (all gateway suites: creates, updates, errors, lists),
// checked against the provider's declared response for its operation and status (types.gen.ts).
// Sequenced last (vitest.config.ts); `npm run test:conformance` runs the API suites and this alone.

describe("conformance to the provider's current API", () => {
  it("every response matches the provider's declared shape, or an allow-list entry citing the spec justifies it", async () => {
    await settled();
    const tally = conformanceTally();
    const violations = [...tally.violations.values()].sort(
      (a, b) => a.operation.localeCompare(b.operation) || a.pointer.localeCompare(b.pointer),
    );
    const lines = violations.map(
      (v) => `  ${v.method} ${v.path} ${v.status} ${v.pointer || "(body)"}: ${v.message} (${v.operation}, ×${v.count})`,
    );
    const unused = CONFORMANCE_ALLOW_LIST.filter((a) => ![...tally.allowed.values()].some((u) => u.entry === a));
    const summary = `${tally.checked} responses checked, ${tally.operations.size} operations covered, ${violations.length} violations (${tally.allowed.size} allow-listed, ${tally.roster_only} responses of Roster-only routes)`;
    console.log(`${summary}${lines.length ? `\n${lines.join("\n")}` : ""}`);
    if (tally.checked === 0) throw new Error("No API response was observed: run it with the API suites (npm run test:conformance).");
    expect(lines, summary).toEqual([]);
    if (process.env.CONFORMANCE_STRICT_ALLOW_LIST === "1") expect(unused).toEqual([]);
  });
});
