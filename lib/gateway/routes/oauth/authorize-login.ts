import "server-only";
import { getCookie } from "hono/cookie";
import { AuthorizeLoginFormSchema } from "@/lib/contract";
import {
  canConsent,
  consentPageResponse,
  findUserByEmail,
  invalidAuthorizeResponse,
  LOGIN_CSRF_COOKIE,
  loginPageResponse,
  roleRequiredResponse,
  setSessionCookie,
} from "../../oauth/authorize-flow";
import { validateAuthorizeRequest } from "../../oauth/authorize-request";
import { readForm } from "../../oauth/http";
import { htmlPage, renderErrorPage } from "../../oauth/pages";
import { verifyPassword } from "../../oauth/passwords";
import { authThrottleOf, clientAddress, type ThrottleKey } from "../../oauth/auth-throttle";
import { createAuthorizeSession, verifyLoginCsrf } from "../../oauth/sessions";
import { defineRoute } from "../../route";

const WRONG_CREDENTIALS = "The email or password is incorrect.";

export const authorizeLoginRoute = defineRoute({
  method: "post",
  path: "/auth/oauth2/authorize/login",
  operationId: "post_auth_oauth2_authorize_login",
  summary: "Sign-in form of the authorize page; answers the consent page",
  tag: "OAuth 2.0",
  auth: { kind: "none" },
  body: AuthorizeLoginFormSchema,
  bodyContentType: "application/x-www-form-urlencoded",
  rawBody: true,
  responses: {
    200: { description: "Consent page", contentType: "text/html" },
    303: { description: "Error sent back to the client's redirect URI" },
    400: { description: "Invalid client or redirect URI", contentType: "text/html" },
    401: { description: "Sign-in page again: wrong email or password", contentType: "text/html" },
    403: { description: "The user is not an owner or admin, or the form's CSRF token is stale", contentType: "text/html" },
    429: { description: "Sign-in page again: too many failed attempts for this email", contentType: "text/html" },
  },
  // POST /auth/oauth2/authorize/login: checks the CSRF token and the credentials, opens a session, shows the consent page.
  handler: async (c) => {
    const deps = c.get("deps");
    const form = await readForm(c);
    if (!form) {
      return htmlPage(
        c,
        400,
        renderErrorPage({
          environment: deps.config.environment,
          title: "Invalid request",
          message: "The form was not sent as a web form.",
        }),
      );
    }
    const result = await validateAuthorizeRequest(deps.db, form);
    if (result.kind !== "ok") return invalidAuthorizeResponse(c, result, 303);
    const { request } = result;
    const email = (form.get("email") ?? "").trim();

    if (!verifyLoginCsrf(getCookie(c, LOGIN_CSRF_COOKIE), form.get("csrf_token"))) {
      return loginPageResponse(c, request, {
        status: 403,
        email,
        freshCsrf: true,
        error: "This sign-in form expired or was opened in another browser. Please sign in again.",
      });
    }

    // Failures are throttled per account and per address (oauth/auth-throttle.ts).
    const throttle = authThrottleOf(deps);
    const address: ThrottleKey = { kind: "login_address", id: clientAddress(c) };
    const account: ThrottleKey | null = email ? { kind: "account", id: email.toLowerCase().slice(0, 320) } : null;
    const keys = account ? [account, address] : [address];
    const accountWait = account ? await throttle.blockedFor([account]) : null;
    const blockedFor = accountWait ?? (await throttle.blockedFor([address]));
    if (blockedFor !== null) {
      const minutes = Math.ceil(blockedFor / 60);
      c.header("Retry-After", String(blockedFor));
      const what = accountWait !== null ? "for this email" : "from this network address";
      return loginPageResponse(c, request, {
        status: 429,
        email,
        error: `Too many failed sign-in attempts ${what}. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      });
    }
    const user = email && email.length <= 320 ? await findUserByEmail(deps.db, email) : null;
    // The password is checked even without a user, so both failures take the same time and say the same thing.
    const passwordOk = await verifyPassword(user?.passwordHash, form.get("password") ?? "");
    if (!user || !passwordOk || user.status !== "active") {
      deps.logger.info({ event: "authorize.sign_in_failed", clientId: request.client.id }, "authorize sign-in failed");
      await throttle.recordFailure(keys);
      return loginPageResponse(c, request, { status: 401, email, error: WRONG_CREDENTIALS });
    }
    if (account) await throttle.recordSuccess(account);
    if (!canConsent(user)) return roleRequiredResponse(c, request, user);

    const sessionId = await createAuthorizeSession(deps.db, { userId: user.id, now: deps.clock.now() });
    setSessionCookie(c, sessionId);
    return consentPageResponse(c, request, user, sessionId);
  },
});
