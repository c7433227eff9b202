// The payslips pages' URLs. The list's URL state and its date window's rule are in ./list.ts.

export const PAYSLIPS_PATH = "/payslips";

/** The BFF's download route of a payslip (it streams the API's PDF). */
export const payslipDownloadPath = (id: string) => `/api/bff/payslips/${encodeURIComponent(id)}/download`;
