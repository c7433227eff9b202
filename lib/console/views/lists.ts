import { amendmentsList } from "@/lib/console/contract-amendments/list";
import { managersList } from "@/lib/console/company-managers/list";
import { customFieldsList } from "@/lib/console/custom-fields/list";
import { expensesList } from "@/lib/console/expenses/list";
import { incentivesList, recurringList } from "@/lib/console/incentives/list";
import type { AnyFilter, ListDefinition } from "@/lib/console/list";
export { viewHrefOf } from "./href";
import { offboardingsList } from "@/lib/console/offboardings/list";
import { paymentsList } from "@/lib/console/outstanding-payments/list";
import { payslipsList } from "@/lib/console/payslips/list";
import { timeoffList } from "@/lib/console/timeoff/list";
import { deliveriesList } from "@/lib/console/webhooks/list";
import { employmentsList } from "@/lib/console/employments/list";
import { partnerEmploymentsList } from "@/lib/console/partner/list";

// The lists a view can be saved for (the lists with sortable columns and a column control), by
// path. The employments lists (served from the read model: sort and search across pages) are in it; the
// partner's employments list keeps its views through app/api/partner/views (an operator, no company). The
// partner's audit log is read without a company (the BFF serves company sessions), so it has sort and
// columns in its URL (a copied link restores them) but no named views yet.
// Browser-safe. docs/decisions/console-sort-and-saved-views.md

type AnyList = ListDefinition<Record<string, AnyFilter>>;

export const VIEW_LISTS: ReadonlyMap<string, AnyList> = new Map(
  (
    [
      expensesList,
      timeoffList,
      incentivesList,
      recurringList,
      offboardingsList,
      payslipsList,
      amendmentsList,
      managersList,
      customFieldsList,
      paymentsList,
      deliveriesList,
      employmentsList,
      partnerEmploymentsList,
    ] as unknown as AnyList[]
  ).map((l) => [l.path, l]),
);

/** The longest view name. */
export const VIEW_NAME_MAX = 80;
/** The most views one owner keeps per list. */
export const VIEWS_PER_LIST_MAX = 50;

/** A saved view as the BFF answers it. */
export interface SavedView {
  id: string;
  list: string;
  name: string;
  /** The list URL that restores it (`/expenses?sort=amount&order=desc&status=pending&hide=receipts`). */
  href: string;
  updatedAt: string;
}
