import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApiClient } from "@/lib/console/server/api-client";
import { createCustomField, listCustomFields } from "@/lib/console/server/custom-fields/api";
import { customFieldsList } from "@/lib/console/custom-fields/list";
import { makeTenant } from "@/test-support/gateway/factories";
import { createTestGateway, getSharedTestDatabase, type TestGateway } from "@/test-support/gateway/harness";

// A list the API cannot sort, sorted by the console across every page, against a real API instance
// (the embedded Employment API app): the asked page is a page of the whole list's order, not the
// API's page sorted, and the BFF's query string carries the sort.

let gw: TestGateway;
let calls: string[];

function client(token: string) {
  return createApiClient({
    baseUrl: "http://127.0.0.1:4010",
    environment: "sandbox",
    getToken: async () => token,
    sleep: async () => {},
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      calls.push(`${init?.method ?? "GET"} ${url.pathname}${url.search}`);
      return gw.app.request(url.pathname + url.search, init);
    }) as typeof fetch,
  });
}

beforeAll(() => getSharedTestDatabase("sandbox"), 180_000);
beforeEach(async () => {
  gw = await createTestGateway();
  calls = [];
});

describe("custom fields sorted across pages by the console", () => {
  it("serves page 2 of the whole list by name (either order), reading every page of 100 once", async () => {
    const t = await makeTenant(gw.deps.db, "sandbox");
    const api = client(t.tokens.admin);
    // 130 fields, created in an order that is not the name order (the API lists them as created).
    const names = Array.from({ length: 130 }, (_, i) => `Field ${String((i * 37) % 130).padStart(3, "0")}`);
    for (const name of names) {
      await createCustomField(api, {
        name,
        type: "string",
        required: false,
        data_entry_access: "company_admin_only",
        visibility_scope: "everyone",
      });
    }
    const sorted = [...names].sort();

    // The API alone: its order, not sorted.
    const plain = await listCustomFields(api, { page: 1, page_size: 20 });
    expect(plain.custom_fields.map((f) => f.name)).not.toEqual(sorted.slice(0, 20));

    calls = [];
    const q = customFieldsList.toApiQuery(customFieldsList.update(customFieldsList.defaults, { sort: "name", page: 2 }));
    expect(customFieldsList.apiSearch(q)).toBe("page=2&page_size=20&sort=name&order=asc");
    const page2 = await listCustomFields(api, q);
    expect(page2.custom_fields.map((f) => f.name)).toEqual(sorted.slice(20, 40));
    expect(page2).toMatchObject({ current_page: 2, total_count: 130, total_pages: 7, sort: { state: "sorted", by: "name", total: 130 } });
    expect(calls.map((c) => new URL(c.split(" ")[1]!, "http://x").searchParams.get("page"))).toEqual(["1", "2"]);
    expect(calls.every((c) => c.includes("page_size=100") && !c.includes("sort"))).toBe(true);

    const last = await listCustomFields(api, { page: 7, page_size: 20, sort: "name", order: "desc" });
    expect(last.custom_fields.map((f) => f.name)).toEqual([...sorted].reverse().slice(120));
  });
});
