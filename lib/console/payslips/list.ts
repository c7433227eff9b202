import type { Payslip } from "@/lib/contract";
import { defineList, filter, type ListApiQueryOf, type ListStateOf, type SortAccessors } from "@/lib/console/list";
import { PAYSLIPS_PATH } from "./links";

// The payslips list's state lives in the URL, so a copied link reopens the same view:
//   /payslips?employment_id=…&start_date=2026-01-01&end_date=2026-03-31&page=2&page_size=50
// employment_id and the pay period window (payslips whose period overlaps it, YYYY-MM-DD) are the
// API's filters; defaults are omitted.

export const payslipsList = defineList(PAYSLIPS_PATH, {
  sort: { keys: ["issued", "employee", "expected_payout", "net_pay", "net_converted"] },
  columns: ["employee", "expected_payout", "net_pay", "net_converted", "pdf"],
  filters: {
    employmentId: filter.employment(),
    startDate: filter.date({ key: "start_date" }),
    endDate: filter.date({ key: "end_date" }),
  },
});
export type PayslipListState = ListStateOf<typeof payslipsList>;
/** Query of `GET /v1/payslips` (also the list's query key). */
export type PayslipListApiQuery = ListApiQueryOf<typeof payslipsList>;

/** One employment's payslips (the employment page links here). */
export const payslipsOfEmploymentHref = (employmentId: string) => payslipsList.hrefFor({ employmentId });

/** Why the date window can't be applied (the API answers 400 for it), or null. */
export function dateWindowError(startDate: string, endDate: string): string | null {
  return startDate && endDate && startDate > endDate ? "The end date must be on or after the start date." : null;
}

/** Sort values (the employee's name is added by the server). Net pay compares the amounts as given (each in its employment's currency). */
export const payslipSortAccessors: SortAccessors<Payslip> = {
  issued: (p) => p.issued_at,
  expected_payout: (p) => p.expected_payout_date,
  net_pay: (p) => p.net_pay_source_amount,
  net_converted: (p) => p.net_pay_converted_amount,
};
