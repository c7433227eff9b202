import { bffHandler } from "@/lib/console/server/bff";
import { loadEmploymentTimelineFor } from "@/lib/console/server/timeline/load";
import { scopeOf } from "@/lib/queries/scope";

// GET /api/bff/employments/{id}/timeline — the employment page's timeline (console audit entries,
// webhook deliveries naming it, the API's dated records), asked for by the page's section once the
// page is shown (docs/decisions/console-employment-timeline.md). Another company's employment: 404.
export const GET = bffHandler(async ({ api, session, params }) => loadEmploymentTimelineFor(api, scopeOf(session), params.id!));
