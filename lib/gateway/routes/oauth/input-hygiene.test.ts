import { describe, expect, it } from "vitest";
import { basicAuth, Browser, authorizeUrl, defaultAuthorizeParams, newPkce, setupOAuth } from "@/test-support/gateway/oauth";

// Issue 10 item 1 on the OAuth form routes: a form field holding U+0000 is the API's one input rule,
// a 422 on the field (a NUL e-mail on the sign-in page was a 500 from the database).

describe("NUL in an OAuth form field is a 422 on the field", () => {
  it("sign-in page, token and revocation endpoints", async () => {
    const setup = await setupOAuth();
    const browser = new Browser(setup.app);
    const { challenge } = newPkce();
    const html = await (await browser.request(authorizeUrl(defaultAuthorizeParams(setup, challenge)))).text();
    const login = await browser.submit(html, { email: "a\u0000b@example.com", password: "whatever" });
    expect(login.status).toBe(422);
    expect(await login.json()).toEqual({ errors: { email: ["must not contain the NUL character"] } });

    const form = (path: string, body: string) =>
      setup.app.request(path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: basicAuth(setup.client.id, setup.client.secret) },
        body,
      });
    const token = await form("/auth/oauth2/token", "grant_type=refresh_token&refresh_token=a%00b");
    expect(token.status).toBe(422);
    expect(await token.json()).toEqual({ errors: { refresh_token: ["must not contain the NUL character"] } });
    expect(token.headers.get("cache-control")).toBe("no-store");
    const revoke = await form("/auth/oauth2/revoke", "token=a%00b");
    expect(revoke.status).toBe(422);
  });
});
