import "server-only";
import { AuthorizeQuerySchema } from "@/lib/contract";
import { invalidAuthorizeResponse, loginPageResponse } from "../../oauth/authorize-flow";
import { validateAuthorizeRequest } from "../../oauth/authorize-request";
import { queryParams } from "../../oauth/http";
import { defineRoute } from "../../route";

export const authorizeRoute = defineRoute({
  method: "get",
  path: "/auth/oauth2/authorize",
  operationId: "get_auth_oauth2_authorize",
  summary: "Start an authorization-code grant (PKCE S256): the provider's sign-in page",
  tag: "OAuth 2.0",
  auth: { kind: "none" },
  // Lenient on purpose: every parameter is checked by the handler, which must answer with a page or a
  // redirect (RFC 6749 4.1.2.1), never with the API's JSON 400.
  query: AuthorizeQuerySchema,
  responses: {
    200: { description: "Sign-in page", contentType: "text/html" },
    302: { description: "Error sent back to the client's redirect URI (error, error_description, state)" },
    400: { description: "Unknown client or unregistered redirect URI: an error page, never a redirect", contentType: "text/html" },
  },
  // GET /auth/oauth2/authorize: validates the request, then shows the sign-in page.
  handler: async (c) => {
    const result = await validateAuthorizeRequest(c.get("deps").db, queryParams(c));
    if (result.kind !== "ok") return invalidAuthorizeResponse(c, result, 302);
    return loginPageResponse(c, result.request);
  },
});
