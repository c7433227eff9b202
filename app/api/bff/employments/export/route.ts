import { exportHandler } from "@/lib/console/server/export/handler";
import { employmentsExport } from "@/lib/console/server/export/lists/employments";

// GET /api/bff/employments/export — the company's whole filtered and sorted employments list (read model) as CSV, streamed and audited.
export const GET = exportHandler(employmentsExport);
