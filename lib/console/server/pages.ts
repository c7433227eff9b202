import "server-only";
import { skipPageCache } from "./page-cache";
import type { FetchQueryOptions, QueryClient, QueryKey } from "@tanstack/react-query";
import { notFound, redirect } from "next/navigation";
import type { ApiClient } from "@/lib/console/server/api-client";
import { ApiRequestError, type ApiErrorPayload } from "@/lib/console/api-errors";
import { GRANT_REVOKED } from "@/lib/console/server/partner/grant-store";
import { getServerApi, NO_COMPANY, requireConsoleSession } from "@/lib/console/server/session";
import type { AnyFilter, ListApiQuery, ListDefinition, ListState, RawSearchParams } from "@/lib/console/list";
import { makeQueryClient } from "@/lib/queries/query-client";
import { scopeOf, type QueryScope } from "@/lib/queries/scope";
import { signInHref } from "../employments/links";

// Server side of the console pages: the session's API client, and API errors mapped onto what a
// page does with them (401 → sign-in, 404 → not-found page, anything else shown with its request id),
// and the steps every list page takes (loadListPage).

type Filters = Record<string, AnyFilter>;

export interface PageApi {
  api: ApiClient;
  scope: QueryScope;
}

/** The session's API client (redirects to sign-in when there is no session). */
export async function getPageApi(returnTo: string): Promise<PageApi> {
  await requireConsoleSession(returnTo);
  let expired: boolean;
  try {
    const { api, session } = await getServerApi();
    return { api, scope: scopeOf(session) };
  } catch (error) {
    // An operator without a usable company (none chosen, or its consent withdrawn): the partner view.
    const code = error instanceof ApiRequestError ? (error.payload.body as { code?: unknown } | undefined)?.code : undefined;
    if (code === NO_COMPANY) redirect("/partner");
    if (code === GRANT_REVOKED) redirect("/partner?notice=revoked");
    // No usable connection for the session's environment (401): sign in again; anything else is a bug.
    if (!(error instanceof ApiRequestError) || error.status !== 401) throw error;
    expired = true;
  }
  redirect(signInHref(returnTo, { expired }));
}

export type PageResult<T> = { ok: true; data: T } | { ok: false; error: ApiErrorPayload };

/**
 * Runs a page's API call. A 401 redirects to sign-in (the single-flight refresh already failed), a
 * 404 renders the segment's not-found page when asked; other API errors come back to be shown.
 */
export async function loadForPage<T>(
  load: () => Promise<T>,
  options: { returnTo: string; notFoundOn404?: boolean },
): Promise<PageResult<T>> {
  let error: ApiErrorPayload;
  try {
    return { ok: true, data: await load() };
  } catch (e) {
    // What the page shows now (an error, a redirect, a 404) is not kept by the page cache.
    skipPageCache("page-load-failed");
    if (!(e instanceof ApiRequestError)) throw e;
    error = e.payload;
  }
  if (error.status === 401) redirect(signInHref(options.returnTo, { expired: true }));
  if (error.status === 404 && options.notFoundOn404) notFound();
  return { ok: false, error };
}

/** The props Next gives a page: its search params. */
export type PageSearchParams = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** A list page after its session is known: the URL's state and API query, and the client its queries are fetched into. */
export interface ListPageContext<F extends Filters> extends PageApi {
  state: ListState<F>;
  apiQuery: ListApiQuery<F>;
  /** The list's URL for this state (where sign-in comes back to). */
  returnTo: string;
  /** The page's query client: wrap the list in `<Hydrate client={queryClient}>`. */
  queryClient: QueryClient;
  /**
   * Fetches one more query into the page's client under the shared options' key (lib/queries), with
   * the server's own call instead of the options' BFF fetch; errors as loadForPage.
   */
  prefetch: <T, K extends QueryKey>(options: FetchQueryOptions<T, Error, T, K>, queryFn: () => Promise<T>) => Promise<PageResult<T>>;
}

export interface ListPageLoad<F extends Filters, T, K extends QueryKey, A extends readonly unknown[], P extends boolean> {
  /** The list's shared query options (lib/queries): `expenseListQuery`. */
  query: (scope: QueryScope, apiQuery: ListApiQuery<F>) => FetchQueryOptions<T, Error, T, K>;
  /** The server's API call for the list (lib/console/server/<area>/api.ts): `listExpenses`. */
  load: (api: ApiClient, apiQuery: ListApiQuery<F>, scope: QueryScope) => Promise<T>;
  /** What the page fetches beside the list, in parallel with it (names of the rows, a filtered employment). */
  also?: (page: ListPageContext<F>) => readonly [...A];
  /**
   * The list belongs to a company (listed per company at the API): a session without one (an operator
   * before choosing, scope "partner") fetches nothing and the page says so (`noCompany`).
   */
  perCompany?: P;
}

/** A list page whose list was fetched. */
export type LoadedListPage<F extends Filters, T, A extends readonly unknown[]> = ListPageContext<F> & {
  noCompany: false;
  result: PageResult<T>;
  /** The list's error for its island (`initialError`), undefined when it loaded. */
  initialError: ApiErrorPayload | undefined;
  /** The results of `also`, in its order. */
  also: { -readonly [K in keyof A]: Awaited<A[K]> };
};

/** What loadListPage gives: the loaded page, or (`perCompany` lists only) a session without a company. */
export type ListPage<F extends Filters, T, A extends readonly unknown[], P extends boolean = false> = P extends true
  ? LoadedListPage<F, T, A> | (ListPageContext<F> & { noCompany: true })
  : LoadedListPage<F, T, A>;

/**
 * A list page's server steps, one place for all (docs/decisions/console-list-framework.md): parse the
 * URL's state, open the session's API client (sign-in comes back to the list's URL), fetch the URL's
 * page into a query client under the client's own key, with whatever else the page names in parallel,
 * and hand back what the page renders inside `<Hydrate client={queryClient}>`. `openPage` is the
 * session's client (getPageApi); tests pass their own.
 */
export async function loadListPage<F extends Filters, T, K extends QueryKey, A extends readonly unknown[] = [], P extends boolean = false>(
  list: ListDefinition<F>,
  searchParams: Promise<RawSearchParams> | RawSearchParams,
  spec: ListPageLoad<F, T, K, A, P>,
  openPage: (returnTo: string) => Promise<PageApi> = getPageApi,
): Promise<ListPage<F, T, A, P>> {
  const state = list.parse(await searchParams);
  const returnTo = list.href(state);
  const { api, scope } = await openPage(returnTo);
  const apiQuery = list.toApiQuery(state);
  const queryClient = makeQueryClient();
  const prefetch: ListPageContext<F>["prefetch"] = (options, queryFn) =>
    loadForPage(() => queryClient.fetchQuery({ ...options, queryFn }), { returnTo });
  const page: ListPageContext<F> = { api, scope, state, apiQuery, returnTo, queryClient, prefetch };
  // scopeOf gives a session without a company the scope "partner".
  if (spec.perCompany && scope.companyId === "partner") return { ...page, noCompany: true } as ListPage<F, T, A, P>;
  const [result, also] = await Promise.all([
    prefetch(spec.query(scope, apiQuery), () => spec.load(api, apiQuery, scope)),
    Promise.all(spec.also?.(page) ?? []),
  ]);
  const loaded: LoadedListPage<F, T, A> = {
    ...page,
    noCompany: false,
    result,
    initialError: result.ok ? undefined : result.error,
    also: also as LoadedListPage<F, T, A>["also"],
  };
  return loaded as ListPage<F, T, A, P>;
}
