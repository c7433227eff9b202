import { exportHandler } from "@/lib/console/server/export/handler";
import { deliveriesExport } from "@/lib/console/server/export/lists/webhooks";

// GET /api/bff/webhooks/deliveries/export — the whole filtered webhook delivery log list as CSV (the columns on screen), streamed and audited.
export const GET = exportHandler(deliveriesExport);
