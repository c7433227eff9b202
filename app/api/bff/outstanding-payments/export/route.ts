import { exportHandler } from "@/lib/console/server/export/handler";
import { paymentsExport } from "@/lib/console/server/export/lists/payroll";

// GET /api/bff/outstanding-payments/export — the whole filtered outstanding payments (sorted as the list) list as CSV (the columns on screen), streamed and audited.
export const GET = exportHandler(paymentsExport);
