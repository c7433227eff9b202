import { getAuthDeps } from "@/lib/console/server/auth/deps";
import { createAuthRouteHandler } from "@/lib/console/server/auth/route-handler";

// GET|POST /api/auth/*: next-auth (sign-in with the Employment API or a Customer API token, callback,
// session, CSRF, sign-out), with options built per request (lib/console/server/auth/route-handler.ts).
export const dynamic = "force-dynamic";

const handler = createAuthRouteHandler(getAuthDeps);
export { handler as GET, handler as POST };
