import { exportHandler } from "@/lib/console/server/export/handler";
import { payslipsExport } from "@/lib/console/server/export/lists/payroll";

// GET /api/bff/payslips/export — the whole filtered payslips list as CSV (the columns on screen), streamed and audited.
export const GET = exportHandler(payslipsExport);
