import "server-only";
import type { Environment } from "@/lib/contract";
import {
  FRESHNESS_LIST_ALL,
  FRESHNESS_LIST_MAX,
  type CompanyFreshnessView,
  type FreshnessView,
  type ReadModelCounts,
  type ReadModelListSort,
} from "../../readmodel/list";
import { employmentsList } from "../../employments/list";
import type { ConsoleDb } from "../db/client";
import type { StoredCompany } from "../db/schema";
import {
  countReadModelEmployments,
  getCompanyLastSyncedAt,
  getReadModelFreshness,
  listReadModelCountries,
  listReadModelEmployments,
  type CompanyFreshness,
  type ReadModelEmployment,
  type ReadModelQuery,
  type ReadModelScope,
} from "./query";

// The console's employment lists served from the read model (docs/decisions/console-readmodel-lists.md):
// the partner's list across companies and a company's own list, each page with its freshness. The
// scope is built here from the session (the partner's environment, or the signed-in company); the
// query layer (query.ts) joins the live grants itself, so nothing here widens what a caller may read.

/** A list's state as the read model takes it (the URL state of lib/console/partner/list.ts or lib/console/employments/list.ts). */
export interface ReadModelListState {
  page: number;
  pageSize: number;
  statuses?: readonly string[];
  types?: readonly string[];
  country?: string;
  q?: string;
  sort?: string;
  order?: string;
}

export const toReadModelQuery = (state: ReadModelListState): ReadModelQuery => ({
  page: state.page,
  page_size: state.pageSize,
  status: state.statuses?.length ? state.statuses : undefined,
  type: state.types?.length ? state.types : undefined,
  country: state.country ? [state.country] : undefined,
  search: state.q?.trim() || undefined,
  sort: (state.sort || "full_name") as ReadModelListSort,
  order: state.order === "desc" ? "desc" : "asc",
});

/** A row as the browser gets it: the list item, its company (id and name) and onboarding progress. */
export type ReadModelRow = ReadModelEmployment;

export interface ReadModelListPage {
  employments: ReadModelRow[];
  current_page: number;
  total_count: number;
  total_pages: number;
  freshness: FreshnessView;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function view(company: StoredCompany, f: CompanyFreshness | undefined): CompanyFreshnessView {
  const base = {
    company: { id: company.id, name: company.name },
    lastSyncedAt: iso(f?.lastSyncedAt ?? null),
    syncing: f?.syncing ?? false,
  };
  if (!f) return { ...base, state: "never_synced" };
  if (f.state === "behind") return { ...base, state: "behind", reason: f.reason, retryAt: iso(f.retryAt) };
  if (f.state === "failing") return { ...base, state: "failing", error: f.error, since: iso(f.since) };
  return { ...base, state: f.state };
}

/**
 * How fresh the read model is for `companies` (the companies of the scope, e.g. the live grants):
 * a company without a sync state yet is "never synced". The page's `syncedAt` is the oldest last
 * sync of them (null when one never synced).
 */
export async function getFreshnessView(
  db: ConsoleDb,
  scope: ReadModelScope,
  companies: readonly StoredCompany[],
  now: Date = new Date(),
  options: { all?: boolean } = {},
): Promise<FreshnessView> {
  return freshnessViewOf(await getReadModelFreshness(db, scope), companies, now, options);
}

/** The freshness view of `companies` from their sync states (getReadModelFreshness). */
function freshnessViewOf(
  freshness: readonly CompanyFreshness[],
  companies: readonly StoredCompany[],
  now: Date = new Date(),
  options: { all?: boolean } = {},
): FreshnessView {
  const states = new Map(freshness.map((f) => [f.companyId, f]));
  const all = companies.map((c) => view(c, states.get(c.id)));
  const totals = { companies: all.length, fresh: 0, syncing: 0, behind: 0, failing: 0, neverSynced: 0 };
  let oldest: string | null = null;
  let unsynced = false;
  for (const c of all) {
    if (c.syncing) totals.syncing++;
    if (c.state === "fresh") totals.fresh++;
    else if (c.state === "behind") totals.behind++;
    else if (c.state === "failing") totals.failing++;
    else totals.neverSynced++;
    if (!c.lastSyncedAt) unsynced = true;
    else if (oldest === null || c.lastSyncedAt < oldest) oldest = c.lastSyncedAt;
  }
  const notable =
    options.all || all.length <= FRESHNESS_LIST_ALL
      ? all
      : all.filter((c) => c.state !== "fresh" || c.syncing).slice(0, FRESHNESS_LIST_MAX);
  return { syncedAt: unsynced ? null : oldest, readAt: now.toISOString(), totals, companies: notable };
}

export interface PartnerListInput {
  environment: Environment;
  /** The partner's live companies in the environment (the company filter must be one of them). */
  companies: readonly StoredCompany[];
  state: ReadModelListState & { company?: string };
  now?: Date;
}

/** A page of the partner's employments across its companies, with the freshness of the companies it covers. */
export async function listPartnerEmployments(
  db: ConsoleDb,
  input: PartnerListInput,
): Promise<ReadModelListPage & { unknownCompany: boolean }> {
  const { environment, state } = input;
  const selected = state.company ? input.companies.filter((c) => c.id === state.company) : input.companies;
  const unknownCompany = !!state.company && selected.length === 0;
  const scope: ReadModelScope = { kind: "partner", environment, ...(state.company ? { companyIds: [state.company] } : {}) };
  const [page, freshness] = await Promise.all([
    listReadModelEmployments(db, scope, toReadModelQuery(state)),
    getFreshnessView(db, scope, selected, input.now),
  ]);
  return { ...page, freshness, unknownCompany };
}

/** Employments per company and status across the partner's companies, and the countries the country filter offers. */
export async function getPartnerListFacets(
  db: ConsoleDb,
  environment: Environment,
): Promise<{ counts: ReadModelCounts; countries: { code: string; name: string }[] }> {
  const scope: ReadModelScope = { kind: "partner", environment };
  const [rows, countries] = await Promise.all([countReadModelEmployments(db, scope), listReadModelCountries(db, scope)]);
  return { counts: toCounts(rows), countries };
}

export function toCounts(rows: { company: StoredCompany; status: string; count: number }[]): ReadModelCounts {
  const byCompany = new Map<string, ReadModelCounts["companies"][number]>();
  const byStatus: Record<string, number> = {};
  let total = 0;
  for (const r of rows) {
    let c = byCompany.get(r.company.id);
    if (!c) byCompany.set(r.company.id, (c = { company: { id: r.company.id, name: r.company.name }, total: 0, byStatus: {} }));
    c.total += r.count;
    c.byStatus[r.status] = (c.byStatus[r.status] ?? 0) + r.count;
    byStatus[r.status] = (byStatus[r.status] ?? 0) + r.count;
    total += r.count;
  }
  return { companies: [...byCompany.values()], byStatus, total };
}

/**
 * Whether a company's own list is served from the read model: once its first full re-read has
 * completed (before that, the read model may hold a part of its employments, so the list stays live).
 */
export async function companyListSource(db: ConsoleDb, environment: Environment, companyId: string): Promise<"readmodel" | "live"> {
  return (await getCompanyLastSyncedAt(db, environment, companyId)) ? "readmodel" : "live";
}

/** A page of one company's employments from the read model, with its freshness. */
export async function listCompanyEmployments(
  db: ConsoleDb,
  input: { environment: Environment; company: StoredCompany; state: ReadModelListState; now?: Date },
): Promise<ReadModelListPage> {
  const scope: ReadModelScope = { kind: "company", environment: input.environment, companyId: input.company.id };
  const [page, freshness] = await Promise.all([
    listReadModelEmployments(db, scope, toReadModelQuery(input.state)),
    getFreshnessView(db, scope, [input.company], input.now),
  ]);
  return { ...page, freshness };
}

/**
 * The company list's read-model answer for a session: `{source: "live"}` when the session has no
 * company or the company's first sync has not completed, else the page (the list's URL state
 * parsed leniently; the personal e-mail filter, an exact match live, searches here).
 */
export async function companyEmploymentsFromReadModel(
  db: ConsoleDb,
  session: { environment: Environment; company: StoredCompany | null },
  params: URLSearchParams,
  now?: Date,
): Promise<({ source: "readmodel" } & ReadModelListPage) | { source: "live" }> {
  const company = session.company;
  if (!company) return { source: "live" };
  // The company's sync state is read once: it says whether the list is served from the read model
  // (a full re-read has completed) and how fresh the page is.
  const scope: ReadModelScope = { kind: "company", environment: session.environment, companyId: company.id };
  const freshness = await getReadModelFreshness(db, scope);
  if (!freshness.some((f) => f.companyId === company.id && f.lastSyncedAt)) return { source: "live" };
  const state = employmentsList.parse(params);
  const page = await listReadModelEmployments(db, scope, toReadModelQuery({ ...state, q: state.q || state.email }));
  return { source: "readmodel", ...page, freshness: freshnessViewOf(freshness, [{ id: company.id, name: company.name }], now) };
}
