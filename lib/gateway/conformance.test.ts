import { beforeAll, describe, expect, it } from "vitest";
import { CONFORMANCE_ALLOW_LIST } from "@/test-support/gateway/provider/allow-list";
import { checkResponse, newTally, type ConformanceTally } from "@/test-support/gateway/provider/conformance";
import { conformanceTally, settled } from "@/test-support/gateway/provider/observe";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { makeCustomerToken } from "@/test-support/gateway/factories";
import { ManualClock } from "./clock";
import { DEMO, demoCompanyId, demoUserId, seedDemoData } from "./seed";

// Conformance to the provider's current API (types.gen.ts): a response matches the provider's declared
// response for its operation and status, or an allow-list entry citing the spec justifies it.
//
// Two layers, neither depending on what else runs:
// - every test file checks the responses its own tests got from the API (test-support/gateway/provider/setup.ts,
//   an afterAll of each file): a violation fails the file that produced it;
// - this file sweeps the API's read operations over the demo data itself, and proves the checker can fail.
// In a whole run it also prints the run's tally; CONFORMANCE_STRICT_ALLOW_LIST=1 (with the API suites,
// `npm run test:conformance`) also fails on allow-list entries no response used.

let gw: TestGateway;
let token: string;
let companyId: string;

beforeAll(async () => {
  gw = await createTestGateway({ clock: new ManualClock(new Date(DEMO.baseDate)) });
  await seedDemoData(gw.deps.db, { environment: "sandbox", password: "conformance password", clock: gw.clock });
  const key = DEMO.environments.sandbox.companies[0]!.key;
  companyId = demoCompanyId("sandbox", key);
  token = await makeCustomerToken(gw.deps.db, "sandbox", { id: demoUserId("sandbox", key, "owner"), companyId });
}, 120_000);

/** Calls the API and checks the answer into `tally`; answers the parsed JSON body. */
async function sweep(tally: ConformanceTally, method: string, path: string, options: { token?: string | null; body?: unknown } = {}) {
  const res = await gw.call(method, path, { token: options.token === null ? undefined : (options.token ?? token), body: options.body });
  const body = await res.text();
  const url = new URL(path, "http://api.test");
  await checkResponse(tally, { method, path: url.pathname, status: res.status, contentType: res.headers.get("content-type") ?? "", body });
  return { status: res.status, json: body && /json/.test(res.headers.get("content-type") ?? "") ? (JSON.parse(body) as unknown) : null };
}

const firstId = (json: unknown, key: string): string => {
  const data = (json as { data?: Record<string, unknown> }).data ?? {};
  const items = (data[key] ?? []) as { id: string }[];
  expect(items.length, `the demo data has ${key}`).toBeGreaterThan(0);
  return items[0]!.id;
};

const violationLines = (tally: ConformanceTally) =>
  [...tally.violations.values()]
    .sort((a, b) => a.operation.localeCompare(b.operation) || a.pointer.localeCompare(b.pointer))
    .map((v) => `  ${v.method} ${v.path} ${v.status} ${v.pointer || "(body)"}: ${v.message} (${v.operation}, ×${v.count})`);

describe("conformance to the provider's current API", () => {
  it("the API's read operations over the demo data, and its common errors, match the provider's declared shapes", async () => {
    const tally = newTally();
    const get = async (path: string, key?: string) => {
      const r = await sweep(tally, "GET", path);
      // The provider declares 201 for some reads (GET /v1/expenses, /v1/incentives/recurring).
      expect([200, 201], `GET ${path}`).toContain(r.status);
      return key ? firstId(r.json, key) : null;
    };
    const employmentId = (await get("/v1/employments?page_size=5", "employments"))!;
    await get(`/v1/employments/${employmentId}`);
    await get("/v1/identity/current");
    await get(`/v1/companies/${companyId}`);
    await get("/v1/countries");
    await get("/v1/company-departments");
    await get("/v1/company-managers");
    await get(`/v1/timeoff/${(await get("/v1/timeoff", "timeoffs"))!}`);
    await get("/v1/timeoff/types");
    await get(`/v1/timeoff-balances/${employmentId}`);
    await get(`/v1/expenses/${(await get("/v1/expenses", "expenses"))!}`);
    await get(`/v1/incentives/${(await get("/v1/incentives", "incentives"))!}`);
    await get("/v1/incentives/recurring");
    await get(`/v1/offboardings/${(await get("/v1/offboardings", "offboardings"))!}`);
    await get("/v1/payslips");
    await get(`/v1/contract-amendments/${(await get("/v1/contract-amendments", "contract_amendments"))!}`);
    await get("/v1/custom-fields");
    await get("/v1/webhook-callbacks");
    // Errors: no token, an unknown resource, a body the API refuses.
    expect((await sweep(tally, "GET", "/v1/employments", { token: null })).status).toBe(401);
    expect((await sweep(tally, "GET", "/v1/employments/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect([400, 422]).toContain((await sweep(tally, "POST", "/v1/expenses", { body: { nothing: true } })).status);

    const lines = violationLines(tally);
    expect(tally.checked).toBeGreaterThanOrEqual(25);
    expect(lines, `${tally.checked} responses checked, ${tally.operations.size} operations`).toEqual([]);
  });

  it("the checker reports a response the provider would not send (it can fail)", async () => {
    const tally = newTally();
    await checkResponse(tally, {
      method: "GET",
      path: "/v1/employments",
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({ data: { employments: "not a list", current_page: "one" } }),
    });
    expect(tally.checked).toBe(1);
    expect(violationLines(tally).length).toBeGreaterThan(0);
  });

  // Informative in a whole run (each file has already failed on its own violations); the opt-in strict
  // check needs every API suite before it (vitest.config.ts sequences this file last).
  it("reports the run's tally (every API response of this run, each file having checked its own)", async () => {
    await settled();
    const tally = conformanceTally();
    console.log(
      `${tally.checked} responses checked in this run, ${tally.operations.size} operations covered, ${tally.violations.size} violations (${tally.allowed.size} allow-listed, ${tally.roster_only} responses of Roster-only routes)`,
    );
    if (process.env.CONFORMANCE_STRICT_ALLOW_LIST === "1") {
      const unused = CONFORMANCE_ALLOW_LIST.filter((a) => ![...tally.allowed.values()].some((u) => u.entry === a));
      expect(unused).toEqual([]);
    }
  });
});
