import { dehydrate, hydrate, QueryObserver, type QueryClient, type QueryObserverOptions } from "@tanstack/react-query";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createApiClient } from "@/lib/console/server/api-client";
import { createCustomField, setCustomFieldValue } from "@/lib/console/server/custom-fields/api";
import { makeEmployment, makeTenant } from "@/test-support/gateway/factories";
import { createTestGateway, getSharedTestDatabase, type TestGateway } from "@/test-support/gateway/harness";
import { employmentCustomFieldsQuery } from "@/lib/queries/custom-fields";
import { employmentDetailQuery } from "@/lib/queries/employments";
import { makeQueryClient } from "@/lib/queries/query-client";
import type { QueryScope } from "@/lib/queries/scope";
import { startEmploymentPageLoads } from "./detail-page";

// The employment page's loads against a real API instance (in-process): how many calls one render
// makes, whether they run in parallel, and whether the browser's islands, hydrated with what the
// server fetched, fetch anything again on mount.

let gw: TestGateway;
let t: Awaited<ReturnType<typeof makeTenant>>;
let apiCalls: string[];
let inFlight: number;
let maxInFlight: number;

/** The console's typed client over the API app, counting calls and how many are in flight at once. */
function countingClient(token: string) {
  return createApiClient({
    baseUrl: "http://127.0.0.1:4010",
    environment: "sandbox",
    getToken: async () => token,
    sleep: async () => {},
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      apiCalls.push(`${init?.method ?? "GET"} ${url.pathname}`);
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      try {
        return await gw.app.request(url.pathname + url.search, init);
      } finally {
        inFlight--;
      }
    }) as typeof fetch,
  });
}

/** A browser tab's QueryClient after hydration with the server's state. */
function browserClientWith(...serverClients: QueryClient[]): QueryClient {
  const browser = makeQueryClient();
  for (const server of serverClients) hydrate(browser, JSON.parse(JSON.stringify(dehydrate(server))));
  return browser;
}

/** Mounts an island's query as useQuery does (an observer), and lets any fetch it starts begin. */
async function mount<T, K extends readonly unknown[]>(client: QueryClient, options: QueryObserverOptions<T, Error, T, T, K>) {
  const observer = new QueryObserver<T, Error, T, T, K>(client, options);
  const unsubscribe = observer.subscribe(() => {});
  await new Promise((r) => setTimeout(r, 10));
  const result = observer.getCurrentResult();
  unsubscribe();
  return result;
}

// The run's databases open once, here (seconds, more on a loaded machine), not in a test's hook.
beforeAll(() => getSharedTestDatabase("sandbox"), 180_000);

beforeEach(async () => {
  gw = await createTestGateway();
  t = await makeTenant(gw.deps.db, "sandbox");
  apiCalls = [];
  inFlight = 0;
  maxInFlight = 0;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// Generous timeout: the shared test databases open on first use, and CI machines are small.
describe("employment page loads", { timeout: 120_000 }, () => {
  it("one render makes three API calls, all in flight together, none repeated", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const api = countingClient(t.tokens.admin);
    const field = await createCustomField(api, {
      name: "Badge number",
      type: "string",
      required: false,
      data_entry_access: "company_admin_only",
      visibility_scope: "everyone",
    });
    await setCustomFieldValue(api, field.id, e.id, "B-42");
    apiCalls = [];
    maxInFlight = 0;

    const scope: QueryScope = { environment: "sandbox", companyId: t.company.id };
    const loads = startEmploymentPageLoads(api, scope, e.id);
    await Promise.all([loads.employment.loaded, loads.customFields.loaded]);

    expect(apiCalls.sort()).toEqual(
      [`GET /v1/employments/${e.id}`, "GET /v1/custom-fields", `GET /v1/employments/${e.id}/custom-fields`].sort(),
    );
    // Sequential loads (the employment, then the section) would never have more than one in flight.
    expect(maxInFlight).toBe(3);
  });

  it("the islands read what the server fetched under their own keys: no BFF call on mount", async () => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const scope: QueryScope = { environment: "sandbox", companyId: t.company.id };
    const loads = startEmploymentPageLoads(countingClient(t.tokens.admin), scope, e.id);
    await Promise.all([loads.employment.loaded, loads.customFields.loaded]);

    // The islands mount right after the server's render, whatever this (possibly loaded) machine took
    // to get here: the clock stands at the moment the server's data arrived.
    const arrived = [loads.employment.queryClient, loads.customFields.queryClient].flatMap((c) =>
      c
        .getQueryCache()
        .getAll()
        .map((q) => q.state.dataUpdatedAt),
    );
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.max(...arrived));

    const bffCalls: string[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
      bffCalls.push(String(input));
      return new Response(JSON.stringify({ data: null }), { status: 200, headers: { "content-type": "application/json" } });
    });
    const browser = browserClientWith(loads.employment.queryClient, loads.customFields.queryClient);
    const detail = await mount(browser, employmentDetailQuery(scope, e.id));
    const customFields = await mount(browser, employmentCustomFieldsQuery(scope, e.id));

    expect(detail.data).toMatchObject({ id: e.id });
    expect(customFields.data).toEqual([]);
    expect(bffCalls).toEqual([]);

    // The counter-check: an island whose key the server did not fill fetches through the BFF at once.
    await mount(browser, employmentDetailQuery(scope, "another-id"));
    expect(bffCalls).toHaveLength(1);
  });

  it("an unknown employment rejects the page's load with the API's 404, and the section's failure is not unhandled", async () => {
    const scope: QueryScope = { environment: "sandbox", companyId: t.company.id };
    const loads = startEmploymentPageLoads(countingClient(t.tokens.admin), scope, "00000000-0000-4000-8000-000000000000");
    await expect(loads.employment.loaded).rejects.toMatchObject({ status: 404 });
    await new Promise((r) => setTimeout(r, 20));
  });
});
