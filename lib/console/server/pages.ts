import "server-only";
import { notFound, redirect } from "next/navigation";
import type { ApiClient } from "@/lib/console/server/api-client";
import { ApiRequestError, type ApiErrorPayload } from "@/lib/console/api-errors";
import { GRANT_REVOKED } from "@/lib/console/server/partner/grant-store";
import { getServerApi, NO_COMPANY, requireConsoleSession } from "@/lib/console/server/session";
import { scopeOf, type QueryScope } from "@/lib/queries/scope";
import { signInHref } from "../employments/links";

// Server side of the console pages: the session's API client, and API errors mapped onto what a
// page does with them (401 → sign-in, 404 → not-found page, anything else shown with its request id).

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
    if (!(e instanceof ApiRequestError)) throw e;
    error = e.payload;
  }
  if (error.status === 401) redirect(signInHref(options.returnTo, { expired: true }));
  if (error.status === 404 && options.notFoundOn404) notFound();
  return { ok: false, error };
}
