import "server-only";
import type { NextApiRequest, NextApiResponse } from "next";
import NextAuth from "next-auth";
import type { Environment } from "@/lib/contract";
import { isEnvironment } from "../config";
import type { AuthDeps } from "./deps";
import { EMPLOYMENT_API_PROVIDER_ID } from "./employment-api-provider";
import { buildAuthOptions } from "./options";
import {
  AUTH_ENVIRONMENT_COOKIE,
  type CookieMap,
  encodeSignInError,
  parseCookieHeader,
  readSessionId,
  SIGN_IN_ERROR_COOKIE,
  type SignInErrorDetail,
} from "./session-cookie";
import { safeCallbackUrl, SIGN_IN_PATH, signInPath } from "../../auth/sign-in-url";

// The handler of /api/auth/[...nextauth]. It builds next-auth's options for each request (the
// environment of the OAuth sign-in, the browser's current console session) and runs next-auth with
// a request and a response object of our own instead of next/headers: the handler then depends only
// on the Request it is given, so tests drive the whole flow in-process, and it can add its cookies
// (environment of the sign-in, the API's error text) to next-auth's answer.

const ENVIRONMENT_COOKIE_MAX_AGE = 15 * 60; // next-auth's state and PKCE cookies live as long
const ERROR_COOKIE_MAX_AGE = 120;

type HeaderValue = string | string[];

const NEXT_AUTH_ERROR_PATHS = new Set(["/api/auth/error", "/api/auth/signin"]);

/** The page the user was going to (next-auth's callback-url cookie), as a console path. */
function callbackPath(cookies: CookieMap, consoleUrl: string): string | null {
  const value = cookies["next-auth.callback-url"] ?? cookies["__Secure-next-auth.callback-url"];
  if (!value) return null;
  try {
    const url = new URL(value, consoleUrl);
    return url.origin === new URL(consoleUrl).origin ? safeCallbackUrl(`${url.pathname}${url.search}`, "") || null : null;
  } catch {
    return null;
  }
}

function serialize(
  name: string,
  value: string,
  o: { httpOnly: boolean; sameSite: "lax"; path: string; secure: boolean; maxAge: number },
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${o.path}`, `Max-Age=${o.maxAge}`, "SameSite=Lax"];
  if (o.maxAge === 0) parts.push("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  if (o.httpOnly) parts.push("HttpOnly");
  if (o.secure) parts.push("Secure");
  return parts.join("; ");
}

/** The part of a Pages API response next-auth uses, collected into a fetch Response. */
class CollectedResponse {
  statusCode = 200;
  private readonly headers = new Map<string, HeaderValue>();
  private body: BodyInit | null = null;

  status(code: number) {
    this.statusCode = code;
    return this;
  }
  getHeader(name: string) {
    return this.headers.get(name.toLowerCase());
  }
  setHeader(name: string, value: HeaderValue) {
    this.headers.set(name.toLowerCase(), value);
    return this;
  }
  end() {
    return this;
  }
  json(value: unknown) {
    this.setHeader("content-type", "application/json");
    this.body = JSON.stringify(value);
    return this;
  }
  send(value: unknown) {
    if (value === undefined || value === null) this.body = null;
    else if (typeof value === "string") this.body = value;
    else return this.json(value);
    return this;
  }
  toResponse(extraCookies: string[]): Response {
    const headers = new Headers();
    for (const [name, value] of this.headers) {
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else headers.set(name, value);
    }
    for (const c of extraCookies) headers.append("set-cookie", c);
    return new Response(this.body, { status: this.statusCode, headers });
  }
}

async function readBody(req: Request): Promise<Record<string, string> | undefined> {
  if (req.method !== "POST") return undefined;
  const type = req.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    const json: unknown = await req.json().catch(() => undefined);
    return json && typeof json === "object" ? (json as Record<string, string>) : undefined;
  }
  if (type.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(await req.text()));
  return undefined;
}

export function createAuthRouteHandler(getDeps: () => Promise<AuthDeps>) {
  return async function handler(req: Request, context: { params: Promise<{ nextauth?: string[] }> }): Promise<Response> {
    const deps = await getDeps();
    // next-auth takes its own origin from NEXTAUTH_URL: it must be the console's public URL, or the
    // redirect URI it sends would not be the one registered at the API.
    process.env.NEXTAUTH_URL = `${deps.config.consoleUrl}/api/auth`;

    const { nextauth = [] } = await context.params;
    const [action, providerId] = nextauth;
    const url = new URL(req.url);
    const query: Record<string, string> = Object.fromEntries(url.searchParams);
    const cookies = parseCookieHeader(req.headers.get("cookie"));
    const secure = deps.config.secureCookies;
    const extraCookies: string[] = [];

    let environment: Environment = isEnvironment(cookies[AUTH_ENVIRONMENT_COOKIE]) ? cookies[AUTH_ENVIRONMENT_COOKIE] : "sandbox";
    if (action === "signin" && providerId === EMPLOYMENT_API_PROVIDER_ID && "environment" in query) {
      // signIn("employment-api", {callbackUrl}, {environment}) sends it as a query parameter. It is
      // ours, not an authorization parameter: keep it for the callback and do not forward it.
      const requested = query.environment;
      delete query.environment;
      if (!isEnvironment(requested)) {
        return Response.json({ error: "environment must be sandbox or production" }, { status: 400 });
      }
      environment = requested;
      extraCookies.push(
        serialize(AUTH_ENVIRONMENT_COOKIE, environment, {
          httpOnly: true,
          sameSite: "lax",
          path: "/api/auth",
          secure,
          maxAge: ENVIRONMENT_COOKIE_MAX_AGE,
        }),
      );
    }

    const signInErrors: SignInErrorDetail[] = [];
    const options = buildAuthOptions(deps, {
      environment,
      baseUrl: await deps.resolveBaseUrl(environment),
      sessionId: await readSessionId(cookies, { secret: deps.config.authSecret, secure }),
      onSignInError: (detail) => signInErrors.push({ ...detail, requestId: null }),
    });

    const apiReq = {
      method: req.method,
      query: { ...query, nextauth },
      body: await readBody(req),
      cookies,
      headers: Object.fromEntries(req.headers),
    } as unknown as NextApiRequest;
    const apiRes = new CollectedResponse();
    await NextAuth(apiReq, apiRes as unknown as NextApiResponse, options);

    const location = apiRes.getHeader("location");
    let redirect = typeof location === "string" ? location : null;
    const redirectUrl = redirect ? new URL(redirect, deps.config.consoleUrl) : null;
    if (redirectUrl && redirectUrl.origin === new URL(deps.config.consoleUrl).origin && NEXT_AUTH_ERROR_PATHS.has(redirectUrl.pathname)) {
      // next-auth would hop through /api/auth/error and /api/auth/signin before reaching pages.error:
      // go straight to the sign-in page, keeping where the user was going.
      const error = redirectUrl.searchParams.get("error");
      if (error) {
        redirect = signInPath({ error, callbackUrl: callbackPath(cookies, deps.config.consoleUrl) });
        apiRes.setHeader("location", redirect);
      }
    }
    const detail = signInErrors[0];
    if (detail && redirect && new URL(redirect, deps.config.consoleUrl).pathname === SIGN_IN_PATH) {
      // The API's own words reach the sign-in page through an httpOnly cookie, not the URL, so a
      // crafted link cannot put text of its choosing on the page.
      extraCookies.push(
        serialize(SIGN_IN_ERROR_COOKIE, encodeSignInError(detail), {
          httpOnly: true,
          sameSite: "lax",
          path: SIGN_IN_PATH,
          secure,
          maxAge: ERROR_COOKIE_MAX_AGE,
        }),
      );
    }
    if (action === "callback" && providerId === EMPLOYMENT_API_PROVIDER_ID) {
      extraCookies.push(serialize(AUTH_ENVIRONMENT_COOKIE, "", { httpOnly: true, sameSite: "lax", path: "/api/auth", secure, maxAge: 0 }));
    }
    return apiRes.toResponse(extraCookies);
  };
}
