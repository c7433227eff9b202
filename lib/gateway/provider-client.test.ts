import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { methodsOf } from "./route";
import { allRoutes } from "./routes";
import { declaredSuccessStatuses } from "@/test-support/gateway/provider/client/declared";
import { Blocked, SCENARIOS, dig, type SdkOutcome } from "@/test-support/gateway/provider/client/scenarios";
import { startProviderClientWorld, type ProviderClientWorld } from "@/test-support/gateway/provider/client/world";
import { matchOperation } from "@/test-support/gateway/provider/operations";

// Issue 9 item 3: the provider's own generated client (../shared/fixtures/provider-client, its SDK as
// published) runs against the embedded API over real HTTP, for every operation both have, with
// realistic bodies typed by the provider's types.gen.ts. An operation passes when the client gets no
// error and the status the provider declares for its success. Response bodies are checked too, by
// the conformance suite (every response of this file goes through its observer).

/** The provider operations (SDK function names) that a route of the API serves. */
function operationsBothHave(): string[] {
  const names = new Set<string>();
  for (const route of allRoutes)
    for (const method of methodsOf(route)) {
      const op = matchOperation(method, route.path.replace(/\{[^}]+\}/g, "x"));
      // The literal segments must agree too: `/v1/payslips/{id}/download` is not the provider's `/pdf`.
      if (op && op.url.replace(/\{[^}]+\}/g, "x") === route.path.replace(/\{[^}]+\}/g, "x")) names.add(op.name);
    }
  return [...names];
}

interface Failure {
  op: string;
  status: number | string;
  message: string;
}

function describeError(error: unknown): string {
  if (error === undefined) return "";
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error.slice(0, 300);
  const text = JSON.stringify(error);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

let w: ProviderClientWorld;

beforeAll(async () => {
  w = await startProviderClientWorld();
  // A payslip to list and download: released by the sandbox route of the API (Roster's own, the
  // provider has none), as an integrator's CI would do.
  const res = await fetch(`${w.baseUrl}/v1/sandbox/payslips`, {
    method: "POST",
    headers: { authorization: w.auth.owner, "content-type": "application/json" },
    body: JSON.stringify({ employment_id: w.active.id, period: "2026-02" }),
  });
  w.ids.payslip = dig(await res.json(), "data", "payslip", "id");
});
afterAll(() => w?.close());

describe("the provider's own client against the embedded API", () => {
  it("every operation both have answers as the provider's client expects", async () => {
    const both = new Set(operationsBothHave());
    const failures: Failure[] = [];
    const passed: string[] = [];
    const run = new Set<string>();
    for (const scenario of SCENARIOS) {
      if (!both.has(scenario.op)) continue;
      run.add(scenario.op);
      const declared = declaredSuccessStatuses(scenario.op);
      let outcome: SdkOutcome;
      try {
        outcome = await scenario.run(w);
      } catch (thrown) {
        failures.push({ op: scenario.op, status: thrown instanceof Blocked ? "blocked" : "threw", message: describeError(thrown) });
        continue;
      }
      const status = outcome.response?.status ?? "no response";
      if (outcome.error !== undefined) failures.push({ op: scenario.op, status, message: describeError(outcome.error) });
      else if (typeof status !== "number" || !declared.includes(status))
        failures.push({ op: scenario.op, status, message: `the provider declares ${declared.join(" or ") || "no success status"}` });
      else passed.push(scenario.op);
    }
    for (const op of both)
      if (!run.has(op)) failures.push({ op, status: "-", message: "no call written in testing/provider/client/scenarios.ts" });

    const total = both.size;
    const lines = failures.map((f) => `  ${f.op} ${f.status}: ${f.message}`);
    const summary = `${passed.length}/${total} operations as the provider's client expects`;
    console.log(`${summary}${lines.length ? `\n${lines.join("\n")}` : ""}`);
    expect(total).toBeGreaterThan(50);
    expect(lines, summary).toEqual([]);
  });
});
