import { defineList, filter, type ListApiQueryOf, type ListStateOf } from "@/lib/console/list";
import { PAYSLIPS_PATH } from "./url-state";

// The payslips list's state lives in the URL, so a copied link reopens the same view:
//   /payslips?employment_id=…&start_date=2026-01-01&end_date=2026-03-31&page=2&page_size=50
// employment_id and the pay period window (payslips whose period overlaps it, YYYY-MM-DD) are the
// API's filters; defaults are omitted.

export const payslipsList = defineList(PAYSLIPS_PATH, {
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
