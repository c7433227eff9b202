import "server-only";
import { EMPLOYMENT_STATUSES, type EmploymentListItem, type EmploymentStatus, type Environment } from "@/lib/contract";
import type { ApiClient } from "../api-client";
import { ApiRequestError, type ApiErrorPayload } from "../../api-errors";
import type { AuthDeps } from "../auth/deps";
import type { AuditActor, StoredCompany } from "../db/schema";
import { createGrantApiClient } from "../session";
import type { GrantInfo } from "./grant-store";
import { listEmployments } from "@/lib/console/server/employments/api";
import { countReadModelEmployments, getReadModelFreshness } from "../readmodel/query";

// One view across every connected company of an environment: the employments of all of them in one
// paginated list (with a company column and filter), and counts per company and status. Companies
// are called in parallel, a few at a time (each company has its own rate limit, the partner's client
// id one for all), and a company that fails is reported with the API's words while the others are
// served (partial results).

/** Companies called at the same time. */
export const AGGREGATE_CONCURRENCY = 4;

export interface CompanyFailure {
  company: StoredCompany;
  error: ApiErrorPayload;
}

export interface AggregatedEmployment extends EmploymentListItem {
  company: StoredCompany;
}

export interface AggregateQuery {
  page: number;
  page_size: number;
  status?: string[];
  email?: string;
}

export interface AggregatedPage {
  employments: AggregatedEmployment[];
  current_page: number;
  total_count: number;
  total_pages: number;
  /** Every company asked, in list order, with its count (null when it failed). */
  companies: { company: StoredCompany; total: number | null }[];
  failures: CompanyFailure[];
}

/** Runs fn over items, at most `limit` at a time, keeping the order of the results. */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const failureOf = (error: unknown): ApiErrorPayload => {
  if (error instanceof ApiRequestError) return error.payload;
  return { kind: "server", status: 500, message: (error as Error).message, requestId: null };
};

/** The grants the partner view can act with (revoked ones are shown, never called), in list order. */
export const liveGrants = (grants: GrantInfo[]) => grants.filter((g) => g.status !== "revoked");

async function clientsFor(deps: AuthDeps, environment: Environment, grants: GrantInfo[], actor: AuditActor) {
  const baseUrl = await deps.resolveBaseUrl(environment);
  return grants.map((grant) => ({ grant, api: createGrantApiClient(deps, grant, baseUrl, actor) }));
}

/**
 * A page of the employments of every live grant (or of one company). Companies are in the order of
 * the grants (by name) and their lists are concatenated: page 1 of each (in parallel) gives every
 * count, then only the slices of the requested page that page 1 did not bring are fetched.
 */
export async function listEmploymentsAcrossCompanies(
  deps: AuthDeps,
  input: { environment: Environment; grants: GrantInfo[]; actor: AuditActor; query: AggregateQuery },
): Promise<AggregatedPage> {
  const { query } = input;
  const size = query.page_size;
  const filter = { status: query.status?.length ? query.status : undefined, email: query.email || undefined };
  const clients = await clientsFor(deps, input.environment, input.grants, input.actor);

  const firstPages = await mapWithConcurrency(clients, AGGREGATE_CONCURRENCY, async ({ grant, api }) => {
    try {
      const res = await listEmployments(api, { page: 1, page_size: size, ...filter });
      return { grant, api, total: res.total_count, first: res.employments, error: null };
    } catch (error) {
      return { grant, api, total: null, first: [] as EmploymentListItem[], error: failureOf(error) };
    }
  });

  const start = (query.page - 1) * size;
  const end = start + size;
  let offset = 0;
  const slices: { grant: GrantInfo; api: ApiClient; first: EmploymentListItem[]; from: number; to: number }[] = [];
  for (const c of firstPages) {
    if (c.total === null) continue;
    const from = Math.max(0, start - offset);
    const to = Math.min(c.total, end - offset);
    if (from < to) slices.push({ grant: c.grant, api: c.api, first: c.first, from, to });
    offset += c.total;
  }
  const totalCount = offset;
  const failures: CompanyFailure[] = firstPages.filter((c) => c.error).map((c) => ({ company: c.grant.company, error: c.error! }));

  const items = await mapWithConcurrency(slices, AGGREGATE_CONCURRENCY, async (slice) => {
    const company = slice.grant.company;
    // Pages (of `size`) holding items from..to-1 of this company; page 1 is already here.
    const firstPage = Math.floor(slice.from / size) + 1;
    const lastPage = Math.floor((slice.to - 1) / size) + 1;
    const rows: EmploymentListItem[] = [];
    try {
      for (let page = firstPage; page <= lastPage; page++) {
        const list = page === 1 ? slice.first : (await listEmployments(slice.api, { page, page_size: size, ...filter })).employments;
        rows.push(...list);
      }
    } catch (error) {
      failures.push({ company, error: failureOf(error) });
      return [];
    }
    const skip = slice.from - (firstPage - 1) * size;
    return rows.slice(skip, skip + (slice.to - slice.from)).map((e) => ({ ...e, company }));
  });

  return {
    employments: items.flat(),
    current_page: query.page,
    total_count: totalCount,
    total_pages: Math.max(1, Math.ceil(totalCount / size)),
    companies: firstPages.map((c) => ({ company: c.grant.company, total: c.total })),
    failures,
  };
}

export interface CompanyCounts {
  company: StoredCompany;
  total: number | null;
  byStatus: Partial<Record<EmploymentStatus, number>>;
  error: ApiErrorPayload | null;
}

/**
 * Employments per company and status. A company with at most 100 employments is counted from one
 * page; a bigger one with one `page_size=1` request per status (its `total_count`).
 */
export async function countEmploymentsByCompany(
  deps: AuthDeps,
  input: { environment: Environment; grants: GrantInfo[]; actor: AuditActor },
): Promise<CompanyCounts[]> {
  const clients = await clientsFor(deps, input.environment, input.grants, input.actor);
  return mapWithConcurrency(clients, AGGREGATE_CONCURRENCY, async ({ grant, api }): Promise<CompanyCounts> => {
    try {
      const first = await listEmployments(api, { page: 1, page_size: 100 });
      const byStatus: Partial<Record<EmploymentStatus, number>> = {};
      if (first.total_pages <= 1) {
        for (const e of first.employments) byStatus[e.status] = (byStatus[e.status] ?? 0) + 1;
      } else {
        const counts = await mapWithConcurrency(EMPLOYMENT_STATUSES, AGGREGATE_CONCURRENCY, async (status) => {
          const r = await listEmployments(api, { page: 1, page_size: 1, status: [status] });
          return [status, r.total_count] as const;
        });
        for (const [status, n] of counts) if (n > 0) byStatus[status] = n;
      }
      return { company: grant.company, total: first.total_count, byStatus, error: null };
    } catch (error) {
      return { company: grant.company, total: null, byStatus: {}, error: failureOf(error) };
    }
  });
}

/**
 * Employments per company and status for the partner home, from the read model for every company
 * whose first full re-read has completed (no API call), live (countEmploymentsByCompany) only for
 * the companies not synced yet. A partner with a thousand synced companies spends no request on
 * its home page; each row says where its figures come from (`source`).
 */
export async function countEmploymentsForPartnerHome(
  deps: AuthDeps,
  input: { environment: Environment; grants: GrantInfo[]; actor: AuditActor },
): Promise<(CompanyCounts & { source: "readmodel" | "live" })[]> {
  if (input.grants.length === 0) return [];
  const scope = { kind: "partner", environment: input.environment, companyIds: input.grants.map((g) => g.company.id) } as const;
  const [rows, freshness] = await Promise.all([countReadModelEmployments(deps.db, scope), getReadModelFreshness(deps.db, scope)]);
  const synced = new Set(freshness.filter((f) => f.lastSyncedAt !== null).map((f) => f.companyId));
  const fromModel = new Map<string, CompanyCounts & { source: "readmodel" }>();
  for (const grant of input.grants) {
    if (synced.has(grant.company.id))
      fromModel.set(grant.company.id, { company: grant.company, total: 0, byStatus: {}, error: null, source: "readmodel" });
  }
  for (const row of rows) {
    const c = fromModel.get(row.company.id);
    if (!c) continue;
    c.byStatus[row.status as EmploymentStatus] = (c.byStatus[row.status as EmploymentStatus] ?? 0) + row.count;
    c.total = (c.total ?? 0) + row.count;
  }
  const unsynced = input.grants.filter((g) => !synced.has(g.company.id));
  const live = unsynced.length > 0 ? await countEmploymentsByCompany(deps, { ...input, grants: unsynced }) : [];
  const liveById = new Map(live.map((c) => [c.company.id, { ...c, source: "live" as const }]));
  return input.grants.flatMap((g) => {
    const c = fromModel.get(g.company.id) ?? liveById.get(g.company.id);
    return c ? [c] : [];
  });
}
