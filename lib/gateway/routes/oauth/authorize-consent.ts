import "server-only";
import { AuthorizeConsentFormSchema } from "@/lib/contract";
import {
  canConsent,
  clearSessionCookie,
  deniedRedirect,
  findUserById,
  invalidAuthorizeResponse,
  loginPageResponse,
  readSessionCookie,
  roleRequiredResponse,
} from "../../oauth/authorize-flow";
import { buildRedirect, validateAuthorizeRequest } from "../../oauth/authorize-request";
import { createAuthorizationCode } from "../../oauth/codes";
import { readForm } from "../../oauth/http";
import { htmlPage, redirectTo, renderErrorPage } from "../../oauth/pages";
import { endAuthorizeSession, getAuthorizeSession, verifyConsentCsrf } from "../../oauth/sessions";
import { defineRoute } from "../../route";

export const authorizeConsentRoute = defineRoute({
  method: "post",
  path: "/auth/oauth2/authorize/consent",
  operationId: "post_auth_oauth2_authorize_consent",
  summary: "Consent form of the authorize page: Allow issues a code, Deny answers access_denied",
  tag: "OAuth 2.0",
  auth: { kind: "none" },
  body: AuthorizeConsentFormSchema,
  bodyContentType: "application/x-www-form-urlencoded",
  rawBody: true,
  responses: {
    303: { description: "Back to the client's redirect URI with code and state, or error=access_denied and state" },
    400: { description: "Invalid client, redirect URI or decision", contentType: "text/html" },
    401: { description: "The sign-in session expired: the sign-in page again", contentType: "text/html" },
    403: { description: "CSRF token mismatch, or the user is not an owner or admin", contentType: "text/html" },
  },
  // POST /auth/oauth2/authorize/consent: records the signed-in user's decision and returns to the client.
  handler: async (c) => {
    const deps = c.get("deps");
    const { environment } = deps.config;
    const form = await readForm(c);
    if (!form)
      return htmlPage(c, 400, renderErrorPage({ environment, title: "Invalid request", message: "The form was not sent as a web form." }));
    const result = await validateAuthorizeRequest(deps.db, form);
    if (result.kind !== "ok") return invalidAuthorizeResponse(c, result, 303);
    const { request } = result;
    const now = deps.clock.now();

    const sessionId = readSessionCookie(c);
    const session = await getAuthorizeSession(deps.db, sessionId, now);
    if (!sessionId || !session) {
      return loginPageResponse(c, request, { status: 401, error: "Your sign-in expired. Please sign in again." });
    }
    if (!verifyConsentCsrf(sessionId, form.get("csrf_token"))) {
      return htmlPage(
        c,
        403,
        renderErrorPage({
          environment,
          title: "This page expired",
          message: "The consent form did not come from this sign-in. Start again from the application.",
        }),
      );
    }
    const decision = form.get("decision");
    if (decision !== "allow" && decision !== "deny") {
      return htmlPage(c, 400, renderErrorPage({ environment, title: "Invalid request", message: "Choose Allow or Deny." }));
    }

    const user = await findUserById(deps.db, session.userId);
    // The role is read again: it may have changed since the sign-in.
    if (!user || user.status !== "active") {
      await endAuthorizeSession(deps.db, sessionId);
      clearSessionCookie(c);
      return loginPageResponse(c, request, { status: 401, error: "Your sign-in expired. Please sign in again." });
    }

    await endAuthorizeSession(deps.db, sessionId);
    clearSessionCookie(c);
    if (decision === "deny") return redirectTo(c, deniedRedirect(request), 303);
    if (!canConsent(user)) return roleRequiredResponse(c, request, user);

    const code = await createAuthorizationCode(deps.db, {
      clientId: request.client.id,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      userId: user.id,
      companyId: user.companyId,
      scopes: request.scopes,
      now,
      ttlSeconds: deps.config.codeTtlSeconds,
    });
    deps.logger.info(
      { event: "authorize.consented", clientId: request.client.id, companyId: user.companyId, userId: user.id },
      "consent given",
    );
    return redirectTo(c, buildRedirect(request.redirectUri, { code, state: request.state }), 303);
  },
});
