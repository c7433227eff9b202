import { EMPLOYMENT_STATUSES, EMPLOYMENT_TYPES } from "@/lib/contract/employment-enums";
import { filter } from "@/lib/console/list";

// Browser-safe half of the lists served from the console's read model (docs/decisions/console-readmodel-lists.md):
// the sortable columns, the URL filters those lists add (search across pages, sort, order), what a
// page of them carries (rows, counts, freshness) and the freshness line's words. The server half is
// lib/console/server/readmodel/lists.ts.

/** The sortable columns (the same as READMODEL_SORTS of lib/console/server/readmodel/query.ts; a test keeps them equal). */
export const READMODEL_LIST_SORTS = [
  "full_name",
  "company",
  "job_title",
  "personal_email",
  "status",
  "type",
  "country",
  "department",
  "external_id",
  "lifecycle_stage",
  "onboarding",
] as const;
export type ReadModelListSort = (typeof READMODEL_LIST_SORTS)[number];

/** How often a read-model list asks again (a change at the API shows within seconds, without reload). */
export const READMODEL_POLL_MS = 3_000;

export const MAX_READMODEL_SEARCH = 200;

/**
 * The search a read-model list adds to its filters: `q` (name, e-mail, job title, external id across
 * every page). Not a filter of the live API (it has no search), hence `api: false` where a list also
 * runs live.
 */
export const readModelSearchFilter = <const Api extends boolean>(api: Api) => filter.text({ max: MAX_READMODEL_SEARCH, api });

/** The sort of a read-model list (`?sort=<column>&order=desc`, lib/console/list/sort.ts): every column, by name by default. */
export const readModelSort = <const K extends ReadModelListSort>(keys: readonly K[]) => ({
  keys,
  default: { by: "full_name" as K, order: "asc" as const },
});

export const readModelTypeFilter = () => filter.multi(EMPLOYMENT_TYPES, { key: "type" });
export const readModelStatusFilter = () => filter.multi(EMPLOYMENT_STATUSES, { key: "status" });
/** ISO alpha-3 country code (the read model's `country.code`). */
export const readModelCountryFilter = () => filter.text({ pattern: /^[A-Z]{3}$/ });

/** One company's freshness, as the browser sees it (ISO dates, never a token or a stack). */
export type CompanyFreshnessView = {
  company: { id: string; name: string };
  lastSyncedAt: string | null;
  syncing: boolean;
} & (
  | { state: "never_synced" | "fresh" }
  | { state: "behind"; reason: string; retryAt: string | null }
  | { state: "failing"; error: string; since: string | null }
);

export interface FreshnessView {
  /** The oldest completed sync among the companies of the page (the page is at least this fresh); null when one never synced. */
  syncedAt: string | null;
  /** When the page was read from the read model. */
  readAt: string;
  totals: { companies: number; fresh: number; syncing: number; behind: number; failing: number; neverSynced: number };
  /** Every company when there are few (≤ FRESHNESS_LIST_ALL); otherwise the ones not fresh or syncing (at most FRESHNESS_LIST_MAX). */
  companies: CompanyFreshnessView[];
}

export const FRESHNESS_LIST_ALL = 10;
export const FRESHNESS_LIST_MAX = 50;

export interface ReadModelListRow {
  id: string;
  full_name: string;
  personal_email: string;
  job_title: string | null;
  status: string;
  type: string;
  [key: string]: unknown;
}

/** Employments per company and status (the partner list's counts). */
export interface ReadModelCounts {
  companies: { company: { id: string; name: string }; total: number; byStatus: Record<string, number> }[];
  byStatus: Record<string, number>;
  total: number;
}

const time = (iso: string) => new Date(iso).toISOString().slice(11, 19) + " UTC";
const day = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/** `08:02:11 UTC` (today) or `2026-11-25 08:02:11 UTC`, relative to `now`. */
export function formatSyncTime(iso: string, now: Date = new Date()): string {
  return day(iso) === now.toISOString().slice(0, 10) ? time(iso) : `${day(iso)} ${time(iso)}`;
}

/** A company's freshness in words: "last synced 08:02:11 UTC, syncing now", "behind: …", "failing: …". */
export function describeCompanyFreshness(c: CompanyFreshnessView, now: Date = new Date()): string {
  const last = c.lastSyncedAt ? `last synced ${formatSyncTime(c.lastSyncedAt, now)}` : "not synced yet";
  const syncing = c.syncing ? ", syncing now" : "";
  switch (c.state) {
    case "behind":
      return `behind (${c.reason}${c.retryAt ? `; retries at ${formatSyncTime(c.retryAt, now)}` : ""}), ${last}${syncing}`;
    case "failing":
      return `failing (${c.error}${c.since ? `, since ${formatSyncTime(c.since, now)}` : ""}), ${last}${syncing}`;
    default:
      return `${last}${syncing}`;
  }
}

/** The page's freshness line: "Synced from the API at 08:02:11 UTC" with how many are syncing, behind or failing. */
export function freshnessSummary(f: FreshnessView, now: Date = new Date()): string {
  const t = f.totals;
  if (t.companies === 0) return "No company is synced yet.";
  const parts: string[] = [];
  const many = t.companies > 1;
  if (f.syncedAt) parts.push(`Synced from the API at ${formatSyncTime(f.syncedAt, now)}${many ? " or later (every company)" : ""}`);
  else parts.push(t.neverSynced === t.companies ? "Not synced yet" : `${t.neverSynced} of ${t.companies} companies not synced yet`);
  if (t.syncing) parts.push(many ? `${t.syncing} syncing now` : "syncing now");
  if (t.behind) parts.push(many ? `${t.behind} behind` : "behind");
  if (t.failing) parts.push(many ? `${t.failing} failing` : "failing");
  return parts.join(" · ") + ".";
}
