import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { dehydrate } from "@tanstack/react-query";
import { isRedirectError } from "next/dist/client/components/redirect-error";
import { getURLFromRedirectError } from "next/dist/client/components/redirect";
import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/console/api-errors";
import { expensesList } from "@/lib/console/expenses/list";
import type { ApiClient } from "@/lib/console/server/api-client";
import { expenseKeys, expenseListQuery, type ExpensePage } from "@/lib/queries/expenses";
import type { QueryScope } from "@/lib/queries/scope";
import { loadListPage, type PageApi } from "./pages";

// loadListPage: the server steps every list page takes (parse → session → fetch into a query client
// under the client's key, with the page's other queries in parallel). The session is the test's own.

const EMPLOYMENT = "0b4d5c1e-7a4b-4c55-9d7e-3f1a2b3c4d5e";
const api = { marker: "the page's API client" } as unknown as ApiClient;
const company: QueryScope = { environment: "sandbox", companyId: "c_1" };
const page1: ExpensePage = { current_page: 1, total_count: 0, total_pages: 0, expenses: [] };

function session(scope: QueryScope = company) {
  const opened: string[] = [];
  return { opened, open: async (returnTo: string): Promise<PageApi> => (opened.push(returnTo), { api, scope }) };
}

// 4xx: answers, not retried by the query client (a 5xx would be retried once, a second later).
function apiError(status: 401 | 409 | 422) {
  const kind = ({ 401: "unauthorized", 409: "conflict", 422: "validation" } as const)[status];
  return new ApiRequestError({ kind, status, message: `HTTP ${status}`, requestId: "req_1" });
}

async function thrown(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("loadListPage", () => {
  it("parses the URL, opens the session at the list's URL, fetches the list with the server's call under the client's key", async () => {
    const { opened, open } = session();
    const calls: unknown[] = [];
    const page = await loadListPage(
      expensesList,
      Promise.resolve({ employment_id: EMPLOYMENT, status: "pending", page: "2" }),
      {
        query: expenseListQuery,
        load: async (client, apiQuery, scope) => (calls.push({ client, apiQuery, scope }), page1),
      },
      open,
    );
    const expectedQuery = { page: 2, page_size: expensesList.defaults.pageSize, employment_id: EMPLOYMENT, status: "pending" };
    expect(page.state).toMatchObject({ employmentId: EMPLOYMENT, status: "pending", page: 2 });
    expect(page.returnTo).toBe(expensesList.href(page.state));
    expect(opened).toEqual([page.returnTo]);
    expect(page.apiQuery).toEqual(expectedQuery);
    expect(calls).toEqual([{ client: api, apiQuery: expectedQuery, scope: company }]);
    expect(page.result).toEqual({ ok: true, data: page1 });
    expect(page.initialError).toBeUndefined();
    // What <Hydrate> sends: the list under the key the client island reads.
    const queries = dehydrate(page.queryClient).queries;
    expect(queries.map((q) => q.queryKey)).toEqual([expenseKeys.list(company, page.apiQuery)]);
    expect(queries[0]!.state.data).toEqual(page1);
  });

  it("runs the page's other queries in parallel with the list and gives their results in order", async () => {
    const { open } = session();
    let releaseList!: () => void;
    const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
    const started: string[] = [];
    const page = await loadListPage(
      expensesList,
      {},
      {
        query: expenseListQuery,
        load: async () => {
          started.push("list");
          await listHeld;
          return page1;
        },
        also: ({ prefetch, scope, queryClient }) => {
          started.push("also");
          // The list is still in flight when the others start.
          queueMicrotask(releaseList);
          return [
            prefetch({ queryKey: ["names", scope.companyId] }, async () => ["Ana"]),
            prefetch({ queryKey: ["broken"] }, async () => Promise.reject(apiError(409))),
            null,
            queryClient.prefetchQuery({ queryKey: ["quiet"], queryFn: async () => Promise.reject(apiError(409)) }),
          ] as const;
        },
      },
      open,
    );
    expect(started).toEqual(["list", "also"]);
    const [names, broken, none, quiet] = page.also;
    expect(names).toEqual({ ok: true, data: ["Ana"] });
    expect(broken).toMatchObject({ ok: false, error: { status: 409, requestId: "req_1" } });
    expect(none).toBeNull();
    expect(quiet).toBeUndefined();
    expect(page.queryClient.getQueryData(["names", "c_1"])).toEqual(["Ana"]);
  });

  it("gives the list's API error to its island, and sends a refused session (401) to sign in again at the list's URL", async () => {
    const failed = await loadListPage(
      expensesList,
      {},
      { query: expenseListQuery, load: () => Promise.reject(apiError(422)) },
      session().open,
    );
    expect(failed.result.ok).toBe(false);
    expect(failed.initialError).toMatchObject({ status: 422, message: "HTTP 422", requestId: "req_1" });

    const error = await thrown(
      loadListPage(
        expensesList,
        { status: "pending" },
        { query: expenseListQuery, load: () => Promise.reject(apiError(401)) },
        session().open,
      ),
    );
    expect(isRedirectError(error)).toBe(true);
    const url = new URL(getURLFromRedirectError(error as Parameters<typeof getURLFromRedirectError>[0]), "http://console.test");
    expect(url.searchParams.get("callbackUrl")).toBe(expensesList.href(expensesList.parse({ status: "pending" })));
    expect(url.searchParams.get("error")).toBe("SessionExpired");
  });

  it("a per-company list fetches nothing for a session without a company (the partner scope)", async () => {
    let called = 0;
    const spec = {
      perCompany: true as const,
      query: expenseListQuery,
      load: async () => (called++, page1),
      also: () => (called++, [] as const),
    };
    const partner = await loadListPage(expensesList, {}, spec, session({ environment: "sandbox", companyId: "partner" }).open);
    expect(partner.noCompany).toBe(true);
    expect(called).toBe(0);
    expect(dehydrate(partner.queryClient).queries).toEqual([]);

    const own = await loadListPage(expensesList, {}, spec, session().open);
    expect(own.noCompany).toBe(false);
    expect(called).toBe(2);
  });
});

const ROOT = join(__dirname, "..", "..", "..");
function pagesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return pagesUnder(path);
    return name === "page.tsx" ? [relative(".", path).split("\\").join("/")] : [];
  });
}

/**
 * Pages that read a list's URL state themselves, and why. Everything else takes loadListPage.
 * (The employments lists are being reworked elsewhere; they move to loadListPage after that work.)
 */
const OWN_STEPS: Record<string, string> = {
  "app/(console)/employments/(list)/page.tsx": "served from the read model once synced, live from the API before",
  "app/(console)/partner/employments/page.tsx": "the partner's read model across companies, no company API client",
  "app/(console)/partner/audit/page.tsx": "the console's own audit table, no API call",
};

describe("list pages", () => {
  const pages = pagesUnder("app");
  const read = (page: string) => readFileSync(join(ROOT, page), "utf8");

  it("finds the list pages that take loadListPage", () => {
    const loading = pages.filter((p) => read(p).includes("loadListPage("));
    expect(loading).toEqual(
      expect.arrayContaining([
        "app/(console)/contract-amendments/(list)/page.tsx",
        "app/(console)/expenses/(list)/page.tsx",
        "app/(console)/outstanding-payments/page.tsx",
        "app/(console)/payslips/page.tsx",
        "app/(console)/timeoff/page.tsx",
        "app/(console)/webhooks/page.tsx",
      ]),
    );
  });

  it("no other page parses a list's URL state and fetches its page by hand", () => {
    const byHand = pages.filter((p) => !read(p).includes("loadListPage(") && /\.parse\(await searchParams\)|\.toApiQuery\(/.test(read(p)));
    expect(byHand.sort()).toEqual(Object.keys(OWN_STEPS).sort());
  });
});
