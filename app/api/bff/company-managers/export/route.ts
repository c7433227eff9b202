import { exportHandler } from "@/lib/console/server/export/handler";
import { managersExport } from "@/lib/console/server/export/lists/payroll";

// GET /api/bff/company-managers/export — the whole filtered company managers list as CSV (the columns on screen), streamed and audited.
export const GET = exportHandler(managersExport);
