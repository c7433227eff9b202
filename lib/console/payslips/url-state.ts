// The payslips pages' URLs and the date window's rule. The list's URL state is its declaration
// (./list.ts).

export const PAYSLIPS_PATH = "/payslips";

/** Why the date window can't be applied (the API answers 400 for it), or null. */
export function dateWindowError(startDate: string, endDate: string): string | null {
  return startDate && endDate && startDate > endDate ? "The end date must be on or after the start date." : null;
}

/** The BFF's download route of a payslip (it streams the API's PDF). */
export const payslipDownloadPath = (id: string) => `/api/bff/payslips/${encodeURIComponent(id)}/download`;
