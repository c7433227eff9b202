import "server-only";
import { MessageErrorSchema, OAuthErrorSchema, RevokeRequestBodySchema } from "@/lib/contract";
import { ApiError } from "../../errors";
import { findGrantByRefreshToken, getGrant, withdrawConsent } from "../../oauth/grants";
import { authenticateRequestClient, NO_STORE_HEADERS, oauthErrorResponse, readForm } from "../../oauth/http";
import { OAuthError } from "../../oauth/oauth-error";
import { findAccessToken, revokeAccessToken } from "../../oauth/tokens";
import { applyRateLimit, defineRoute } from "../../route";

export const revokeRoute = defineRoute({
  method: "post",
  path: "/auth/oauth2/revoke",
  operationId: "post_auth_oauth2_revoke",
  summary: "Revoke a refresh or access token (RFC 7009): withdraws the company's consent to the client",
  tag: "OAuth 2.0",
  auth: { kind: "none" },
  body: RevokeRequestBodySchema,
  bodyContentType: "application/x-www-form-urlencoded",
  rawBody: true,
  responses: {
    200: { description: "Revoked, or the token was unknown, already revoked or not the caller's (RFC 7009 2.2)" },
    400: { description: "invalid_request", schema: OAuthErrorSchema },
    401: { description: "invalid_client", schema: OAuthErrorSchema },
    429: { description: "The client's rate limit is exhausted", schema: MessageErrorSchema },
  },
  // POST /auth/oauth2/revoke: a refresh token, or an access token of a grant, ends every grant of that client and company.
  handler: async (c) => {
    const deps = c.get("deps");
    try {
      const form = await readForm(c);
      if (!form) throw new OAuthError("invalid_request", "Content-Type must be application/x-www-form-urlencoded");
      const repeated = form.repeated(["token", "token_type_hint", "client_id", "client_secret"]);
      if (repeated.length > 0) throw new OAuthError("invalid_request", `Parameter sent more than once: ${repeated.join(", ")}`);
      const client = await authenticateRequestClient(c, form);
      await applyRateLimit(c, [{ kind: "client", id: client.id }]);
      const token = form.get("token");
      if (!token) throw new OAuthError("invalid_request", "token is required");
      const now = deps.clock.now();

      // The hint only orders the lookups (RFC 7009 2.1); both kinds are tried.
      const grant = await findGrantByRefreshToken(deps.db, token);
      let companyId: string | null = grant && grant.clientId === client.id ? grant.companyId : null;
      if (!grant) {
        const access = await findAccessToken(deps.db, token);
        if (access && access.clientId === client.id) {
          if (access.grantId) {
            companyId = (await getGrant(deps.db, access.grantId))?.companyId ?? null;
          } else {
            await revokeAccessToken(deps.db, access.tokenHash, now);
          }
        }
      }
      if (companyId) {
        const revoked = await withdrawConsent(deps.db, { clientId: client.id, companyId, now });
        deps.logger.info({ event: "oauth.consent_withdrawn", clientId: client.id, companyId, grants: revoked }, "consent withdrawn");
      }
      return c.body(null, 200, NO_STORE_HEADERS);
    } catch (error) {
      if (error instanceof OAuthError) return oauthErrorResponse(c, error);
      if (error instanceof ApiError) return c.json(error.body, error.status as 429, { ...error.headers, ...NO_STORE_HEADERS });
      throw error;
    }
  },
});
