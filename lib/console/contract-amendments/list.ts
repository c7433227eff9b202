import { CONTRACT_AMENDMENT_STATUSES } from "@/lib/contract/enums";
import { defineList, filter, type ListApiQueryOf, type ListStateOf } from "@/lib/console/list";
import { CONTRACT_AMENDMENTS_PATH } from "./links";

// The contract amendments list's state in the URL, so a copied link reopens the same view:
//   /contract-amendments?employment_id=…&status=submitted,in_review&page=2&page_size=50
// employment_id and status are the API's filters (status comma separated like the API's parameter,
// kept in the contract's order); defaults are omitted.

export const amendmentsList = defineList(CONTRACT_AMENDMENTS_PATH, {
  filters: { employmentId: filter.employment(), statuses: filter.multi(CONTRACT_AMENDMENT_STATUSES, { key: "status" }) },
});
export type AmendmentListState = ListStateOf<typeof amendmentsList>;
export type AmendmentListApiQuery = ListApiQueryOf<typeof amendmentsList>;

/** One employment's amendments. */
export const amendmentsOfEmploymentHref = (employmentId: string) => amendmentsList.hrefFor({ employmentId });
