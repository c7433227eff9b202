import { exportHandler } from "@/lib/console/server/export/handler";
import { offboardingsExport } from "@/lib/console/server/export/lists/people-ops";

// GET /api/bff/offboardings/export — the whole filtered offboardings list as CSV (the columns on screen), streamed and audited.
export const GET = exportHandler(offboardingsExport);
