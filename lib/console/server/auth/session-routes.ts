import "server-only";
import { z } from "zod";
import { EnvironmentSchema, type Environment } from "@/lib/contract";
import type { ApiErrorPayload } from "../../api-errors";
import { BFF_HEADER } from "../../bff-client";
import { revokeGrants, type AuthDeps } from "./deps";
import { toPublicSession } from "./options";
import { parseCookieHeader, readSessionId, sessionCookieName } from "./session-cookie";
import { safeCallbackUrl, signInPath } from "../../auth/sign-in-url";

// The console's own session endpoints (app/api/session/**), written as functions of a Request so
// tests call them directly. Answers use the BFF envelope (`{data}` or `{error}`), so bffFetch reads
// them like any other console call.

const NO_STORE = { "cache-control": "no-store" };

export function errorResponse(payload: ApiErrorPayload, extra: Record<string, unknown> = {}, init: ResponseInit = {}): Response {
  return Response.json(
    { error: payload, ...extra },
    { status: payload.status, ...init, headers: { ...NO_STORE, ...(init.headers as Record<string, string>) } },
  );
}

/** Mutations need the BFF header (a cross-site form cannot send it) and, when sent, a same-origin Origin. */
export function refuseCrossSite(req: Request): Response | null {
  const origin = req.headers.get("origin");
  let sameOrigin = true;
  if (origin) {
    try {
      sameOrigin = new URL(origin).host === (req.headers.get("host") ?? new URL(req.url).host);
    } catch {
      sameOrigin = false;
    }
  }
  if (req.headers.get(BFF_HEADER) === "1" && sameOrigin) return null;
  return errorResponse({ kind: "forbidden", status: 403, message: "Cross-site request refused", requestId: null });
}

export async function sessionIdOf(deps: AuthDeps, req: Request): Promise<string | null> {
  return readSessionId(parseCookieHeader(req.headers.get("cookie")), { secret: deps.config.authSecret, secure: deps.config.secureCookies });
}

function clearSessionCookie(deps: AuthDeps): string {
  const secure = deps.config.secureCookies;
  return `${sessionCookieName(secure)}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

const notSignedIn = (environment?: Environment) =>
  errorResponse(
    { kind: "unauthorized", status: 401, message: "Sign in to continue", requestId: null },
    { signInUrl: signInPath({ environment }) },
  );

/** GET /api/session: the PublicSession of this browser, or null. */
export async function handleGetSession(deps: AuthDeps, req: Request): Promise<Response> {
  const sid = await sessionIdOf(deps, req);
  const session = sid ? await deps.store.getSession(sid) : null;
  return Response.json({ data: session ? toPublicSession(session) : null }, { headers: NO_STORE });
}

const SwitchBodySchema = z.object({ environment: EnvironmentSchema, callbackUrl: z.string().optional() });

/**
 * POST /api/session/environment {environment}: makes it current when the session holds a live
 * connection there; 409 {signInUrl} otherwise (the header sends the user to sign in to it).
 */
export async function handleSwitchEnvironment(deps: AuthDeps, req: Request): Promise<Response> {
  const refused = refuseCrossSite(req);
  if (refused) return refused;
  const parsed = SwitchBodySchema.safeParse(await req.json().catch(() => undefined));
  if (!parsed.success) {
    return errorResponse({
      kind: "validation",
      status: 422,
      message: "environment must be sandbox or production",
      requestId: null,
      fieldErrors: { environment: ["must be sandbox or production"] },
    });
  }
  const { environment } = parsed.data;
  const callbackUrl = safeCallbackUrl(parsed.data.callbackUrl);
  const sid = await sessionIdOf(deps, req);
  if (!sid) return notSignedIn(environment);
  const outcome = await deps.store.setEnvironment(sid, environment);
  if (outcome === "no_session") return notSignedIn(environment);
  if (outcome === "no_connection") {
    const signInUrl = signInPath({ environment, callbackUrl });
    return errorResponse(
      {
        kind: "conflict",
        status: 409,
        message: `Not signed in to ${environment} yet: sign in to it to switch.`,
        requestId: null,
        body: { signInUrl },
      },
      { signInUrl },
    );
  }
  const session = await deps.store.getSession(sid);
  return Response.json({ data: session ? toPublicSession(session) : null }, { headers: NO_STORE });
}

/** DELETE /api/session: signs out: forgets every connection (revoking OAuth grants) and the cookie. */
export async function handleSignOut(deps: AuthDeps, req: Request): Promise<Response> {
  const refused = refuseCrossSite(req);
  if (refused) return refused;
  const sid = await sessionIdOf(deps, req);
  if (sid) await revokeGrants(deps, await deps.store.deleteSession(sid));
  return Response.json({ data: { signedOut: true } }, { headers: { ...NO_STORE, "set-cookie": clearSessionCookie(deps) } });
}

/**
 * DELETE /api/session/connections/{environment}: forgets that environment's connection (a stored
 * Customer API token, or an OAuth grant, revoked at the API). Forgetting the last one signs out.
 */
export async function handleForgetConnection(deps: AuthDeps, req: Request, environmentParam: string): Promise<Response> {
  const refused = refuseCrossSite(req);
  if (refused) return refused;
  const environment = EnvironmentSchema.safeParse(environmentParam);
  if (!environment.success) {
    return errorResponse({ kind: "not_found", status: 404, message: "Unknown environment: use sandbox or production", requestId: null });
  }
  const sid = await sessionIdOf(deps, req);
  if (!sid || !(await deps.store.getSession(sid))) return notSignedIn(environment.data);
  const { revocable, sessionDeleted } = await deps.store.deleteConnection(sid, environment.data);
  await revokeGrants(deps, revocable);
  if (sessionDeleted) {
    return Response.json({ data: null }, { headers: { ...NO_STORE, "set-cookie": clearSessionCookie(deps) } });
  }
  const session = await deps.store.getSession(sid);
  return Response.json({ data: session ? toPublicSession(session) : null }, { headers: NO_STORE });
}
