import "server-only";
import type { EmploymentListItem, Environment } from "@/lib/contract";
import type { EmploymentMatch, EmploymentSearchResult } from "@/lib/console/employments/palette-search";
import type { ApiClient } from "../api-client";
import { getConsoleDatabase, type ConsoleDb } from "../db/client";
import { getReadModelFreshness, listReadModelEmployments } from "../readmodel/query";
import { listEmployments } from "./api";

// The command palette's employment search (docs/decisions/console-command-palette.md, "Employments
// beyond the first 100"): any employment of the session's company by a part of its name, an e-mail,
// the job title or the external id. From the read model when the company has been synced there (one
// indexed query, every employment); otherwise from the API, which has no search: an exact personal
// e-mail through its `email` filter (any employment), and a bounded walk of its pages filtered here.
// Every read is for the session's company only: the read model query is company-scoped, and the API
// answers for the token's company.

export interface PaletteSearchDeps {
  api: ApiClient;
  db: ConsoleDb;
  environment: Environment;
  companyId: string;
}

/** Matches answered at most. */
export const PALETTE_MATCH_LIMIT = 20;
/** API pages (of 100) walked at most when the read model cannot answer: 500 employments, 5 requests. */
export const PALETTE_API_PAGES = 5;
const API_PAGE_SIZE = 100;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const toMatch = (e: EmploymentListItem): EmploymentMatch => ({
  id: e.id,
  full_name: e.full_name,
  job_title: e.job_title ?? null,
  email: e.personal_email ?? e.work_email ?? e.login_email ?? null,
});

/** The fields the palette searches, lower-cased (the read model's `search_text` holds the same ones). */
const haystack = (e: EmploymentListItem) =>
  [e.full_name, e.personal_email, e.login_email, e.work_email, e.job_title, e.external_id].filter(Boolean).join(" ").toLowerCase();

/** The one row of an exact personal e-mail, through the API's own `email` filter (one request). */
async function byExactEmail(deps: PaletteSearchDeps, q: string, found: Map<string, EmploymentMatch>) {
  const byEmail = await listEmployments(deps.api, { page: 1, page_size: API_PAGE_SIZE, email: q });
  for (const e of byEmail.employments) found.set(e.id, toMatch(e));
}

/**
 * The API's pages (of 100, oldest first) walked and filtered here, at most PALETTE_API_PAGES of
 * them and until `limit` matches; answers whether every page was walked.
 */
async function walkApiPages(deps: PaletteSearchDeps, q: string, found: Map<string, EmploymentMatch>, limit: number) {
  const needle = q.toLowerCase();
  for (let page = 1; found.size < limit; page++) {
    if (page > PALETTE_API_PAGES) return false;
    const r = await listEmployments(deps.api, { page, page_size: API_PAGE_SIZE });
    for (const e of r.employments) if (found.size < limit && haystack(e).includes(needle)) found.set(e.id, toMatch(e));
    if (page >= r.total_pages) return true;
  }
  return true;
}

export async function searchEmploymentsForPalette(
  deps: PaletteSearchDeps,
  text: string,
  limit = PALETTE_MATCH_LIMIT,
): Promise<EmploymentSearchResult> {
  const q = text.trim();
  if (!q) return { matches: [], source: "none", complete: true, syncedAt: null };
  const isEmail = EMAIL_RE.test(q);
  const scope = { kind: "company" as const, environment: deps.environment, companyId: deps.companyId };
  const [freshness] = await getReadModelFreshness(deps.db, scope);
  if (freshness?.lastSyncedAt) {
    const page = await listReadModelEmployments(deps.db, scope, { page: 1, page_size: limit, search: q, sort: "full_name" });
    const matches = page.employments.map(toMatch);
    const syncedAt = freshness.lastSyncedAt.toISOString();
    const complete = page.total_count <= limit;
    // The read model lags the API: an employment created there by anyone but this console (another
    // client, the provider's dashboard) reaches it only with the company's next full re-read (no event
    // announces a creation), and a re-read may wait for its budget ("behind"). So the API is asked too,
    // bounded, exactly when the read model cannot have answered what the person is looking for:
    // - an exact e-mail no row of the read model carries: the API's `email` filter (one request);
    // - no match at all: the API path below (that filter, then at most 5 pages of 100).
    // A search the read model answers is still answered with no API call.
    const needle = q.toLowerCase();
    const emailHeld = page.employments.some((e) =>
      [e.personal_email, e.work_email, e.login_email].some((m) => m?.toLowerCase() === needle),
    );
    if (matches.length > 0 && (!isEmail || emailHeld)) return { matches, source: "readmodel", complete, syncedAt };
    const found = new Map<string, EmploymentMatch>();
    if (isEmail) await byExactEmail(deps, q, found);
    let walked = true;
    if (found.size === 0 && matches.length === 0) walked = await walkApiPages(deps, q, found, limit);
    // The API's rows first (what the read model lacked), then the read model's (a row of both once).
    for (const m of matches) if (!found.has(m.id)) found.set(m.id, m);
    return {
      matches: [...found.values()].slice(0, limit),
      source: "readmodel+api",
      complete: complete && walked && found.size <= limit,
      syncedAt,
    };
  }

  const found = new Map<string, EmploymentMatch>();
  // An exact e-mail finds the employment wherever it is (the API's own filter, one request).
  if (isEmail) await byExactEmail(deps, q, found);
  const walked = await walkApiPages(deps, q, found, limit);
  return { matches: [...found.values()].slice(0, limit), source: "api", complete: walked && found.size < limit, syncedAt: null };
}

/** The search for a BFF request: the session's environment and company, the console's database. */
export async function searchEmploymentsForSession(
  api: ApiClient,
  session: { environment: Environment; company: { id: string } },
  text: string,
): Promise<EmploymentSearchResult> {
  const { db } = await getConsoleDatabase();
  return searchEmploymentsForPalette({ api, db, environment: session.environment, companyId: session.company.id }, text);
}
