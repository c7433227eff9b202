// Signing in to the console as a browser would, with fetch: next-auth's credentials flow of the
// Customer API token form (app/sign-in/sign-in-forms.tsx calls signIn("customer-token", { token,
// redirect: false })): GET /api/auth/csrf sets the CSRF cookie and returns its token, POST
// /api/auth/callback/customer-token with the token, the CSRF token and json=true answers
// { url } and sets the session cookie (roster.session, a JWT holding only the console session id).

/** A cookie jar for one origin, enough for next-auth's cookies. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  absorb(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attrs] = line.split(";");
      const at = pair.indexOf("=");
      if (at < 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (value === "" || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

export const SESSION_COOKIE = "roster.session";

/** Signs in with a Customer API token; returns the Cookie header of the signed-in browser. */
export async function signInWithCustomerToken(consoleUrl: string, token: string): Promise<string> {
  const jar = new CookieJar();
  const call = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const cookie = jar.header();
    if (cookie) headers.set("cookie", cookie);
    const res = await fetch(new URL(path, consoleUrl), { ...init, headers, redirect: "manual", signal: AbortSignal.timeout(30_000) });
    jar.absorb(res);
    return res;
  };

  const csrf = await call("/api/auth/csrf");
  if (csrf.status !== 200) throw new Error(`GET /api/auth/csrf answered ${csrf.status}`);
  const { csrfToken } = (await csrf.json()) as { csrfToken?: string };
  if (!csrfToken) throw new Error("GET /api/auth/csrf returned no csrfToken");

  const signIn = await call("/api/auth/callback/customer-token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, token, callbackUrl: "/employments", json: "true" }).toString(),
  });
  const body = (await signIn.json().catch(() => ({}))) as { url?: string };
  const error = body.url ? new URL(body.url, consoleUrl).searchParams.get("error") : null;
  if (signIn.status !== 200 || error || !jar.has(SESSION_COOKIE)) {
    throw new Error(
      `customer-token sign-in failed: ${signIn.status}, error ${error ?? "none"}, session cookie ${jar.has(SESSION_COOKIE) ? "set" : "missing"}`,
    );
  }

  const session = await call("/api/auth/session");
  const data = (await session.json()) as { kind?: string; company?: { name?: string } };
  if (data.kind !== "customer_token") throw new Error(`GET /api/auth/session after sign-in: ${JSON.stringify(data)}`);
  return jar.header();
}
