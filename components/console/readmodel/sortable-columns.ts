import type { ListColumn } from "@/components/console/list";
import type { ReadModelListSort } from "@/lib/console/readmodel/list";

/** The read-model sort key of each employment column (by its id): the column its header sorts by. */
export const EMPLOYMENT_COLUMN_SORT_KEYS: Record<string, ReadModelListSort> = {
  company: "company",
  name: "full_name",
  job_title: "job_title",
  country: "country",
  type: "type",
  status: "status",
  lifecycle: "lifecycle_stage",
  external_id: "external_id",
  onboarding: "onboarding",
};

/** The columns with their `meta.sortKey` (DataTable then gives their headers a SortHeader and aria-sort). */
export function withSortKeys<T extends object>(columns: ListColumn<T>[]): ListColumn<T>[] {
  return columns.map((c) => {
    const key = c.id ? EMPLOYMENT_COLUMN_SORT_KEYS[c.id] : undefined;
    return key ? ({ ...c, meta: { ...c.meta, sortKey: key } } as ListColumn<T>) : c;
  });
}
