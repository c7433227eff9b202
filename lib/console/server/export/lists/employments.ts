import "server-only";
import type { EmploymentListItem } from "@/lib/contract";
import { LIFECYCLE_LABELS, MODEL_LABELS, STATUS_LABELS, TYPE_LABELS } from "@/lib/console/employments/labels";
import { employmentsList, type EmploymentListState } from "@/lib/console/employments/list";
import { partnerEmploymentsList, type PartnerListState } from "@/lib/console/partner/list";
import { listEmployments } from "../../employments/api";
import { getReadModelFreshness, type ReadModelEmployment } from "../../readmodel/query";
import { toReadModelQuery } from "../../readmodel/lists";
import { liveListSource, noContext } from "../live-list";
import type { CsvColumn } from "../csv";
import type { ExportSource, ExportSourceInput, ExportSpec } from "../handler";
import { readModelScopeOf, readModelSortOf, readModelSource, type ReadModelExportQuery } from "../readmodel-source";

// The employments lists' exports from the read model: the company's list (/employments) and the
// partner's across companies (/partner/employments). Columns are those of
// components/console/employments/employments-table.tsx (and the partner list's Company), by the same ids.

export function employmentColumns<T extends EmploymentListItem>(): CsvColumn<T, undefined>[] {
  return [
    { id: "name", header: "Name", value: (e) => e.full_name },
    { id: "name", header: "Personal email", value: (e) => e.personal_email },
    { id: "name", header: "Employment ID", value: (e) => e.id },
    { id: "job_title", header: "Job title", value: (e) => e.job_title },
    { id: "job_title", header: "Department", value: (e) => e.department },
    { id: "country", header: "Country", value: (e) => e.country?.name ?? null },
    { id: "type", header: "Type", value: (e) => TYPE_LABELS[e.type] ?? e.type },
    {
      id: "type",
      header: "Model",
      value: (e) => (e.employment_model ? (MODEL_LABELS[e.employment_model] ?? e.employment_model) : null),
    },
    { id: "status", header: "Status", value: (e) => STATUS_LABELS[e.status] ?? e.status },
    { id: "lifecycle", header: "Lifecycle", value: (e) => LIFECYCLE_LABELS[e.employment_lifecycle_stage] ?? e.employment_lifecycle_stage },
    { id: "external_id", header: "External ID", value: (e) => e.external_id },
  ];
}

export const PARTNER_EMPLOYMENT_EXPORT_COLUMNS: CsvColumn<ReadModelEmployment, undefined>[] = [
  { id: "company", header: "Company", value: (e) => e.company.name },
  { id: "company", header: "Company ID", value: (e) => e.company.id },
  ...employmentColumns<ReadModelEmployment>(),
  {
    id: "onboarding",
    header: "Onboarding tasks done",
    value: (e) => (e.onboarding ? `${e.onboarding.completed} of ${e.onboarding.total}` : null),
  },
];

/** The read-model query of the company's list: statuses, the search (across all rows here), the sort. */
export function employmentsReadModelQuery(state: EmploymentListState): ReadModelExportQuery {
  const search = state.q || state.email;
  return {
    ...(state.statuses.length ? { status: state.statuses } : {}),
    ...(search ? { search } : {}),
    ...readModelSortOf(state as unknown as Record<string, unknown>),
  };
}

const companyReadModel = readModelSource<EmploymentListState>({ queryOf: employmentsReadModelQuery });
const companyLive = liveListSource({
  list: employmentsList,
  fetchPage: (api, q) => listEmployments(api, q),
  itemsOf: (p) => p.employments,
  idOf: (e) => e.id,
  context: noContext,
});

/**
 * The company's employments: from the read model once the company has been synced; before the first
 * sync completes (the list itself then shows live pages), the API's pages with the API's filters.
 */
export const employmentsExport = {
  list: employmentsList,
  name: "employments",
  columns: employmentColumns<EmploymentListItem>(),
  source: async (input: ExportSourceInput<EmploymentListState>): Promise<ExportSource<EmploymentListItem, undefined>> => {
    const scope = readModelScopeOf(input.session);
    const synced = (await getReadModelFreshness(input.db, scope)).some((f) => f.lastSyncedAt !== null);
    return synced || !input.api ? companyReadModel(input) : companyLive(input);
  },
} satisfies ExportSpec<typeof employmentsList.filters, EmploymentListItem, undefined>;

export const partnerEmploymentsExport = {
  list: partnerEmploymentsList,
  name: "partner-employments",
  columns: PARTNER_EMPLOYMENT_EXPORT_COLUMNS,
  source: readModelSource<PartnerListState>({
    // Exactly the list page's query (lib/console/server/readmodel/lists.ts): every filter, the search, the sort.
    queryOf: (state) => {
      const { page: _page, page_size: _size, ...query } = toReadModelQuery({ ...state, page: 1, pageSize: 1 });
      return query;
    },
    // Always the partner's companies (never the one an operator has open): an operator's only; anyone else reads nothing.
    scopeOf: (session, state) =>
      session.kind === "operator"
        ? { kind: "partner", environment: session.environment, companyIds: state.company ? [state.company] : undefined }
        : { kind: "partner", environment: session.environment, companyIds: [] },
  }),
} satisfies ExportSpec<typeof partnerEmploymentsList.filters, ReadModelEmployment, undefined>;
