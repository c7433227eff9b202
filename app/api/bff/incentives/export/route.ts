import { exportHandler } from "@/lib/console/server/export/handler";
import { incentivesExport } from "@/lib/console/server/export/lists/people-ops";

// GET /api/bff/incentives/export — the whole filtered incentives list as CSV (the columns on screen), streamed and audited.
export const GET = exportHandler(incentivesExport);
