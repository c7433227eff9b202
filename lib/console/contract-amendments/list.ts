import { CONTRACT_AMENDMENT_STATUSES } from "@/lib/contract/enums";
import type { ContractAmendmentListItemRead as ContractAmendmentListItem } from "@/lib/console/api-read";
import { defineList, filter, type ListApiQueryOf, type ListStateOf, type SortAccessors } from "@/lib/console/list";
import { AMENDMENT_STATUS_LABELS, reasonLabel } from "./labels";
import { CONTRACT_AMENDMENTS_PATH } from "./links";

// The contract amendments list's state in the URL, so a copied link reopens the same view:
//   /contract-amendments?employment_id=…&status=submitted,in_review&page=2&page_size=50
// employment_id and status are the API's filters (status comma separated like the API's parameter,
// kept in the contract's order); defaults are omitted.

export const amendmentsList = defineList(CONTRACT_AMENDMENTS_PATH, {
  sort: { keys: ["amendment", "employee", "effective", "status", "requested_by", "submitted"] },
  columns: ["employee", "effective", "status", "requested_by", "submitted"],
  filters: { employmentId: filter.employment(), statuses: filter.multi(CONTRACT_AMENDMENT_STATUSES, { key: "status" }) },
});
export type AmendmentListState = ListStateOf<typeof amendmentsList>;
export type AmendmentListApiQuery = ListApiQueryOf<typeof amendmentsList>;

/** One employment's amendments. */
export const amendmentsOfEmploymentHref = (employmentId: string) => amendmentsList.hrefFor({ employmentId });

/** Sort values as the table shows them (the employee's and requester's names are added by the server). */
export const amendmentSortAccessors: SortAccessors<ContractAmendmentListItem> = {
  amendment: (a) => reasonLabel(a.reason_for_change) ?? "Contract amendment",
  effective: (a) => a.requested_effective_date,
  status: (a) => AMENDMENT_STATUS_LABELS[a.status],
  submitted: (a) => a.submitted_at,
};
