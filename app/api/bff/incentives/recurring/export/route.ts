import { exportHandler } from "@/lib/console/server/export/handler";
import { recurringIncentivesExport } from "@/lib/console/server/export/lists/people-ops";

// GET /api/bff/incentives/recurring/export — the whole filtered recurring incentives list as CSV (the columns on screen), streamed and audited.
export const GET = exportHandler(recurringIncentivesExport);
