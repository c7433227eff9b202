import { exportHandler } from "@/lib/console/server/export/handler";
import { customFieldsExport } from "@/lib/console/server/export/lists/payroll";

// GET /api/bff/custom-fields/export — the whole filtered custom fields list as CSV (the columns on screen), streamed and audited.
export const GET = exportHandler(customFieldsExport);
