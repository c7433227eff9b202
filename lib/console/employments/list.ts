import { EMPLOYMENT_STATUSES } from "@/lib/contract/employment-enums";
import type { EmploymentListItem } from "@/lib/contract";
import { defineList, filter, type ListApiQueryOf, type ListStateOf } from "@/lib/console/list";
import { READMODEL_LIST_SORTS, readModelSort } from "@/lib/console/readmodel/list";
import { LIFECYCLE_LABELS, MODEL_LABELS, STATUS_LABELS, TYPE_LABELS } from "./labels";
import { EMPLOYMENTS_PATH } from "./links";

// The employments list's state lives in the URL, so a copied link reopens the same view.
//   ?status=active,invited   statuses (API filter, comma-separated like the API's own parameter)
//   &email=a@b.example       personal email, exact match (API filter)
//   &q=berlin                search: within the loaded page when the list is live (client-side, labelled
//                            as such); across every page when it is served from the read model
//   &sort=job_title&order=desc  sort, when served from the read model (the API has no sort)
//   &page=2&page_size=50     pagination (API)
//   &hide=country,lifecycle  hidden columns (the toolbar's Columns control; the CSV export leaves them out)
// Declared with the console's list framework (lib/console/list): lenient parsing, defaults omitted,
// one URL per state, a filter change goes back to page 1.

export const MAX_SEARCH_LENGTH = 200;

/**
 * The columns a user may hide (not the name: it is the row's link). The ids of the table's columns
 * (components/console/employments/employment-cells.tsx) and of the CSV export's
 * (lib/console/server/export/lists/employments.ts).
 */
export const EMPLOYMENT_HIDEABLE_COLUMNS = ["job_title", "country", "type", "status", "lifecycle", "external_id"] as const;

/** The company list's sort columns: the read model's, without the company (it has one). */
export const COMPANY_LIST_SORTS = READMODEL_LIST_SORTS.filter((s) => s !== "company");

export const employmentsList = defineList(EMPLOYMENTS_PATH, {
  filters: {
    statuses: filter.multi(EMPLOYMENT_STATUSES, { key: "status" }),
    email: filter.text({ max: 254 }),
    /** The search box (never sent to the API): the loaded page when live, every page from the read model. Part of a saved view. */
    q: filter.text({ max: MAX_SEARCH_LENGTH, api: false, view: true }),
  },
  /** Sort and order: served from the read model only (docs/decisions/console-readmodel-lists.md); the live list keeps the API's order. */
  sort: readModelSort(COMPANY_LIST_SORTS),
  columns: EMPLOYMENT_HIDEABLE_COLUMNS,
});

export type EmploymentListState = ListStateOf<typeof employmentsList>;
/** Query of `GET /v1/employments` for a state (also the list's query key: `q` is not part of it). */
export type EmploymentListApiQuery = ListApiQueryOf<typeof employmentsList>;

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/** The text a row is searched by: what the table shows, plus emails and identifiers. */
function searchableText(e: EmploymentListItem): string {
  return fold(
    [
      e.full_name,
      e.job_title,
      e.department,
      e.personal_email,
      e.work_email,
      e.login_email,
      e.external_id,
      e.short_id,
      e.id,
      e.country?.name,
      e.country?.code,
      e.country?.alpha_2_code,
      STATUS_LABELS[e.status],
      TYPE_LABELS[e.type],
      e.employment_model ? MODEL_LABELS[e.employment_model] : null,
      LIFECYCLE_LABELS[e.employment_lifecycle_stage],
    ]
      .filter(Boolean)
      .join(" \u0000 "),
  );
}

/**
 * The search box: rows of the loaded page containing every word of `q` (case and accents ignored).
 * The API has no free-text search, so this never looks beyond the page; the UI says so.
 */
export function searchPageItems<T extends EmploymentListItem>(items: readonly T[], q: string): T[] {
  const words = fold(q).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const text = searchableText(item);
    return words.every((w) => text.includes(w));
  });
}
