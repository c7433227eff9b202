import { exportHandler } from "@/lib/console/server/export/handler";
import { timeoffExport } from "@/lib/console/server/export/lists/people-ops";

// GET /api/bff/timeoff/export — the whole filtered time off list as CSV (the columns on screen), streamed and audited.
export const GET = exportHandler(timeoffExport);
