import { getAuthDeps } from "@/lib/console/auth/deps";
import { createAuthRouteHandler } from "@/lib/console/auth/route-handler";

// GET|POST /api/auth/*: next-auth (sign-in with the Employment API or a Customer API token, callback,
// session, CSRF, sign-out), with options built per request (lib/console/auth/route-handler.ts).
export const dynamic = "force-dynamic";

const handler = createAuthRouteHandler(getAuthDeps);
export { handler as GET, handler as POST };
