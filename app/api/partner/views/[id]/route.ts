import { deletePartnerViewRoute } from "@/lib/console/server/views/partner-routes";

export const dynamic = "force-dynamic";

// DELETE /api/partner/views/{id} — deletes one of the operator's saved partner views (404 for anyone else's).
export const DELETE = deletePartnerViewRoute;
