import "server-only";
import type { EmploymentListItem } from "@/lib/contract";
import type { AnyFilter, ListApiQuery, ListDefinition, ListState } from "@/lib/console/list";
import type { ApiClient } from "../api-client";
import { listEmployments } from "../employments/api";
import type { ExportSource, ExportSourceInput } from "./handler";
import { walkApiPages, type ApiPage } from "./live-source";

// The source of a live API list's export: the list's API query (its filters and, where the API
// sorts, its sort, exactly as the page sends them) for every page, walked by walkApiPages.

export interface LiveListSource<F extends Record<string, AnyFilter>, P, T, C> {
  list: ListDefinition<F>;
  /** The list's API call, as its BFF route makes it. */
  fetchPage: (api: ApiClient, query: ListApiQuery<F>, signal: AbortSignal) => Promise<P>;
  itemsOf: (page: P) => readonly T[];
  idOf: (row: T) => string;
  /** What the columns need besides the rows (read once, before the rows). */
  context: (api: ApiClient, signal: AbortSignal) => Promise<C>;
}

type Paged = { total_count: number; total_pages: number };

export function liveListSource<F extends Record<string, AnyFilter>, P extends Paged, T, C>(spec: LiveListSource<F, P, T, C>) {
  return async ({ api, state, signal }: ExportSourceInput<ListState<F>>): Promise<ExportSource<T, C>> => {
    if (!api) throw new Error(`export of ${spec.list.path}: a live list needs the session's API client`);
    const base = spec.list.toApiQuery(state);
    const [context, walk] = await Promise.all([
      spec.context(api, signal),
      walkApiPages<T>({
        signal,
        idOf: spec.idOf,
        fetchPage: async (page, pageSize): Promise<ApiPage<T>> => {
          const p = await spec.fetchPage(api, { ...base, page, page_size: pageSize }, signal);
          return { items: spec.itemsOf(p), total_count: p.total_count, total_pages: p.total_pages };
        },
      }),
    ]);
    return { total: walk.total, batches: walk.batches, context };
  };
}

export const noContext = async () => undefined;

/** The company's employments by id (names for the Employee column of the people-ops lists). */
export type EmploymentNames = ReadonlyMap<string, Pick<EmploymentListItem, "full_name" | "job_title">>;

export async function loadEmploymentNames(api: ApiClient, signal: AbortSignal): Promise<EmploymentNames> {
  const names = new Map<string, Pick<EmploymentListItem, "full_name" | "job_title">>();
  const walk = await walkApiPages<EmploymentListItem>({
    signal,
    idOf: (e) => e.id,
    fetchPage: async (page, pageSize) => {
      const p = await listEmployments(api, { page, page_size: pageSize });
      return { items: p.employments, total_count: p.total_count, total_pages: p.total_pages };
    },
  });
  for await (const batch of walk.batches) for (const e of batch) names.set(e.id, { full_name: e.full_name, job_title: e.job_title });
  return names;
}
