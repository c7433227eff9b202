import { exportHandler } from "@/lib/console/server/export/handler";
import { amendmentsExport } from "@/lib/console/server/export/lists/payroll";

// GET /api/bff/contract-amendments/export — the whole filtered contract amendments list as CSV (the columns on screen), streamed and audited.
export const GET = exportHandler(amendmentsExport);
