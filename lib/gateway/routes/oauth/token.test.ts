import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { CLIENT_CREDENTIALS_SCOPES, TokenResponseSchema } from "@/lib/contract";
import { sha256 } from "../../crypto";
import { accessTokens, companyUsers, oauthGrants } from "../../db/schema";
import { createGatewayApp } from "../../app";
import { defineRoute } from "../../route";
import { makeClient } from "@/test-support/gateway/factories";
import {
  basicAuth,
  bearer,
  obtainCode,
  OAUTH_TEST_ROUTES,
  obtainTokens,
  REDIRECT_URI,
  setupOAuth,
  tokenRequest,
  type OAuthSetup,
} from "@/test-support/gateway/oauth";

const fixture = (name: string) =>
  JSON.parse(readFileSync(`/work/shared/fixtures/api/openapi-examples-2024/${name}.json`, "utf8")) as Record<string, unknown>;

describe("POST /auth/oauth2/token", () => {
  let setup: OAuthSetup;
  beforeEach(async () => {
    setup = await setupOAuth();
  });

  const exchange = (code: string, verifier: string, over: Record<string, string> = {}) =>
    tokenRequest(setup.app, setup.client, {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      ...over,
    });
  const identity = (token: string) => setup.app.request("/v1/identity/current", { headers: bearer(token) });
  const expectError = async (res: Response, status: number, error: string) => {
    expect(res.status).toBe(status);
    // The provider's `{message}` (PostAuthOauth2TokenErrors), the RFC 6749 code first.
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(["message"]);
    expect(body.message).toMatch(new RegExp(`^${error}: \\S`));
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("pragma")).toBe("no-cache");
  };

  describe("authorization_code", () => {
    it("answers the provider's AuthorizationCodeResponse fields (no scope)", async () => {
      const { code, verifier } = await obtainCode(setup);
      const res = await exchange(code, verifier);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("pragma")).toBe("no-cache");
      const body = TokenResponseSchema.parse(await res.json());
      expect(Object.keys(body).sort()).toEqual(Object.keys(fixture("AuthorizationCodeResponse")).sort());
      // Opaque tokens, stored only as digests.
      expect(body.access_token).not.toMatch(/^ra_/);
      const [grant] = await setup.db
        .select()
        .from(oauthGrants)
        .where(eq(oauthGrants.refreshTokenHash, sha256(body.refresh_token!)));
      expect(grant).toBeDefined();
      expect(
        await setup.db
          .select()
          .from(accessTokens)
          .where(eq(accessTokens.tokenHash, sha256(body.access_token))),
      ).toHaveLength(1);
      expect(await setup.db.select().from(accessTokens).where(eq(accessTokens.tokenHash, body.access_token))).toHaveLength(0);
    });

    it("refuses a code after 60 s", async () => {
      const { code, verifier } = await obtainCode(setup);
      setup.gw.clock.advance(61_000);
      await expectError(await exchange(code, verifier), 400, "invalid_grant");
    });

    it("a second use → invalid_grant, and revokes the grant and the access token issued from the first", async () => {
      const { code, verifier } = await obtainCode(setup);
      const first = (await (await exchange(code, verifier)).json()) as { access_token: string; refresh_token: string };
      expect((await identity(first.access_token)).status).toBe(201);

      await expectError(await exchange(code, verifier), 400, "invalid_grant");
      const after = await identity(first.access_token);
      expect(after.status).toBe(401);
      expect(await after.json()).toEqual({ message: "Unauthorized" });
      await expectError(
        await tokenRequest(setup.app, setup.client, { grant_type: "refresh_token", refresh_token: first.refresh_token }),
        400,
        "invalid_grant",
      );
    });

    it("two simultaneous exchanges of one code → exactly one 200", async () => {
      const { code, verifier } = await obtainCode(setup);
      const results = await Promise.all([exchange(code, verifier), exchange(code, verifier), exchange(code, verifier)]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 400, 400]);
      const grants = await setup.db.select().from(oauthGrants);
      expect(grants).toHaveLength(1);
      // The losers are replays: the grant the winner received is revoked as well.
      expect(grants[0]!.revokedAt).not.toBeNull();
    });

    it("a wrong code_verifier → invalid_grant, and the code is spent", async () => {
      const { code, verifier } = await obtainCode(setup);
      await expectError(await exchange(code, `${verifier.slice(0, -1)}${verifier.endsWith("A") ? "B" : "A"}`), 400, "invalid_grant");
      await expectError(await exchange(code, verifier), 400, "invalid_grant");
    });

    it("a malformed or missing code_verifier → invalid_request", async () => {
      const { code } = await obtainCode(setup);
      await expectError(await exchange(code, "short"), 400, "invalid_request");
      await expectError(
        await tokenRequest(setup.app, setup.client, { grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI }),
        400,
        "invalid_request",
      );
    });

    it("a redirect_uri other than the authorize request's → invalid_grant", async () => {
      const { code, verifier } = await obtainCode(setup);
      await expectError(await exchange(code, verifier, { redirect_uri: `${REDIRECT_URI}/other` }), 400, "invalid_grant");
    });

    it("a code presented by another client → invalid_grant", async () => {
      const { code, verifier } = await obtainCode(setup);
      const other = await makeClient(setup.db, { redirectUris: [REDIRECT_URI] });
      const res = await tokenRequest(setup.app, other, {
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      });
      await expectError(res, 400, "invalid_grant");
    });

    it("an unknown code → invalid_grant", async () => {
      await expectError(await exchange("x".repeat(43), "v".repeat(43)), 400, "invalid_grant");
    });
  });

  describe("client authentication", () => {
    const cc = { grant_type: "client_credentials" };

    it("accepts client_secret_basic", async () => {
      expect((await tokenRequest(setup.app, setup.client, cc, "basic")).status).toBe(200);
    });

    it("accepts client_secret_post", async () => {
      expect((await tokenRequest(setup.app, setup.client, cc, "post")).status).toBe(200);
    });

    it("both methods at once → invalid_request", async () => {
      await expectError(await tokenRequest(setup.app, setup.client, cc, "both"), 400, "invalid_request");
    });

    it("a wrong secret → 401 invalid_client with WWW-Authenticate: Basic", async () => {
      for (const auth of ["basic", "post"] as const) {
        const res = await tokenRequest(setup.app, { id: setup.client.id, secret: "wrong-secret" }, cc, auth);
        expect(res.headers.get("www-authenticate")).toMatch(/^Basic /);
        await expectError(res, 401, "invalid_client");
      }
    });

    it("an unknown client, no credentials or a malformed Basic header → 401 invalid_client", async () => {
      await expectError(await tokenRequest(setup.app, { id: "nobody", secret: "whatever" }, cc), 401, "invalid_client");
      await expectError(await tokenRequest(setup.app, setup.client, cc, "none"), 401, "invalid_client");
      const res = await setup.app.request("/auth/oauth2/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: "Basic !!!" },
        body: "grant_type=client_credentials",
      });
      await expectError(res, 401, "invalid_client");
    });

    it("client_id in the body that differs from HTTP Basic → invalid_request", async () => {
      await expectError(await tokenRequest(setup.app, setup.client, { ...cc, client_id: "someone-else" }), 400, "invalid_request");
    });

    it("decodes form-urlencoded Basic credentials (RFC 6749 2.3.1)", async () => {
      const odd = await makeClient(setup.db, { id: "odd client+id", secret: "s3cr3t with spaces & symbols=" });
      const res = await setup.app.request("/auth/oauth2/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: basicAuth(odd.id, odd.secret) },
        body: "grant_type=client_credentials",
      });
      expect(res.status).toBe(200);
    });
  });

  describe("request errors", () => {
    it("an unknown grant_type → unsupported_grant_type", async () => {
      await expectError(await tokenRequest(setup.app, setup.client, { grant_type: "password" }), 400, "unsupported_grant_type");
    });

    it("no grant_type → invalid_request", async () => {
      await expectError(await tokenRequest(setup.app, setup.client, {}), 400, "invalid_request");
    });

    it("a JSON body is accepted, as the provider accepts it; one that is not an object of strings → invalid_request", async () => {
      const json = (body: string) =>
        setup.app.request("/auth/oauth2/token", {
          method: "POST",
          headers: { "content-type": "application/json", authorization: basicAuth(setup.client.id, setup.client.secret) },
          body,
        });
      const ok = await json(JSON.stringify({ grant_type: "client_credentials", client_id: setup.client.id }));
      expect(ok.status).toBe(200);
      expect(TokenResponseSchema.parse(await ok.json()).token_type).toBe("Bearer");
      await expectError(await json(JSON.stringify({ grant_type: 1 })), 400, "invalid_request");
      await expectError(await json("[]"), 400, "invalid_request");
      await expectError(await json("{"), 400, "invalid_request");
      const other = await setup.app.request("/auth/oauth2/token", {
        method: "POST",
        headers: { "content-type": "text/plain", authorization: basicAuth(setup.client.id, setup.client.secret) },
        body: "grant_type=client_credentials",
      });
      await expectError(other, 400, "invalid_request");
    });

    it("a repeated parameter → invalid_request", async () => {
      const res = await setup.app.request("/auth/oauth2/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: basicAuth(setup.client.id, setup.client.secret) },
        body: "grant_type=client_credentials&grant_type=refresh_token",
      });
      await expectError(res, 400, "invalid_request");
    });
  });

  describe("client_credentials", () => {
    it("defaults to every client-credentials scope the client holds", async () => {
      const res = await tokenRequest(setup.app, setup.client, { grant_type: "client_credentials" });
      const body = TokenResponseSchema.parse(await res.json());
      expect(body).toEqual({
        access_token: expect.any(String),
        token_type: "Bearer",
        expires_in: 3600,
      });
      const token = await setup.db
        .select()
        .from(accessTokens)
        .where(eq(accessTokens.tokenHash, sha256(body.access_token)));
      expect(token[0]?.scopes).toEqual([...CLIENT_CREDENTIALS_SCOPES]);
    });

    it("narrows to the requested scopes", async () => {
      const res = await tokenRequest(setup.app, setup.client, { grant_type: "client_credentials", scope: "company:read country:read" });
      const { access_token } = (await res.json()) as { access_token: string };
      const [token] = await setup.db
        .select()
        .from(accessTokens)
        .where(eq(accessTokens.tokenHash, sha256(access_token)));
      expect(token?.scopes).toEqual(["company:read", "country:read"]);
    });

    it("a scope outside the client-credentials list or the client's registration → invalid_scope", async () => {
      await expectError(
        await tokenRequest(setup.app, setup.client, { grant_type: "client_credentials", scope: "employment:read" }),
        400,
        "invalid_scope",
      );
      await expectError(
        await tokenRequest(setup.app, setup.client, { grant_type: "client_credentials", scope: "nope" }),
        400,
        "invalid_scope",
      );
      const narrow = await makeClient(setup.db, { scopes: ["company:read"] });
      await expectError(
        await tokenRequest(setup.app, narrow, { grant_type: "client_credentials", scope: "webhook:read" }),
        400,
        "invalid_scope",
      );
      const only = await tokenRequest(setup.app, narrow, { grant_type: "client_credentials" });
      const { access_token } = (await only.json()) as { access_token: string };
      const [token] = await setup.db
        .select()
        .from(accessTokens)
        .where(eq(accessTokens.tokenHash, sha256(access_token)));
      expect(token?.scopes).toEqual(["company:read"]);
    });

    it("its token acts for the partner: identity without user or company, 403 on company-scoped routes", async () => {
      const { access_token } = (await (await tokenRequest(setup.app, setup.client, { grant_type: "client_credentials" })).json()) as {
        access_token: string;
      };
      const res = await identity(access_token);
      expect(await res.json()).toMatchObject({ data: { client_id: setup.client.id } });
      expect(((await (await identity(access_token)).json()) as { data: object }).data).not.toHaveProperty("company");
      // A company-scoped route (DECISIONS.md "Acting for companies") answers 403 to it.
      const probe = defineRoute({
        method: "get",
        path: "/v1/test-company-scoped",
        operationId: "test_company_scoped",
        summary: "probe",
        tag: "Test",
        auth: { kind: "scoped", scopes: ["company:read"], company: true },
        responses: { 200: { description: "ok" } },
        handler: (c) => c.json({ ok: true }),
      });
      const app = createGatewayApp(setup.deps, [...OAUTH_TEST_ROUTES, probe]);
      const forbidden = await app.request("/v1/test-company-scoped", { headers: bearer(access_token) });
      expect(forbidden.status).toBe(403);
      expect(await forbidden.json()).toEqual({ message: "Forbidden" });
      const user = await obtainTokens(setup);
      expect((await app.request("/v1/test-company-scoped", { headers: bearer(user.access_token) })).status).toBe(200);
    });

    it("expires after expires_in seconds", async () => {
      const { access_token } = (await (await tokenRequest(setup.app, setup.client, { grant_type: "client_credentials" })).json()) as {
        access_token: string;
      };
      setup.gw.clock.advance(3600_000);
      expect((await identity(access_token)).status).toBe(401);
    });
  });

  describe("refresh_token", () => {
    it("issues a new access token and returns the same refresh token (no rotation)", async () => {
      const tokens = await obtainTokens(setup);
      const res = await tokenRequest(setup.app, setup.client, { grant_type: "refresh_token", refresh_token: tokens.refresh_token });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const body = TokenResponseSchema.parse(await res.json());
      expect(Object.keys(body).sort()).toEqual(Object.keys(fixture("RefreshTokenResponse")).sort());
      expect(body.refresh_token).toBe(tokens.refresh_token);
      expect(body.access_token).not.toBe(tokens.access_token);
      expect((await identity(body.access_token)).status).toBe(201);
      expect((await identity(tokens.access_token)).status).toBe(201);
      // Still usable: no rotation.
      const again = await tokenRequest(setup.app, setup.client, { grant_type: "refresh_token", refresh_token: tokens.refresh_token });
      expect(again.status).toBe(200);
    });

    it("accepts a narrower scope, refuses a wider one", async () => {
      const tokens = await obtainTokens(setup);
      const narrow = await tokenRequest(setup.app, setup.client, {
        grant_type: "refresh_token",
        refresh_token: tokens.refresh_token,
        scope: "employment:read",
      });
      const { access_token } = (await narrow.json()) as { access_token: string };
      const [token] = await setup.db
        .select()
        .from(accessTokens)
        .where(eq(accessTokens.tokenHash, sha256(access_token)));
      expect(token?.scopes).toEqual(["employment:read"]);
      const wide = await tokenRequest(setup.app, setup.client, {
        grant_type: "refresh_token",
        refresh_token: tokens.refresh_token,
        scope: "employment:write",
      });
      await expectError(wide, 400, "invalid_scope");
    });

    it("after revocation → invalid_grant", async () => {
      const tokens = await obtainTokens(setup);
      const revoke = await tokenRequest(setup.app, setup.client, { token: tokens.refresh_token }, "basic", "/auth/oauth2/revoke");
      expect(revoke.status).toBe(200);
      await expectError(
        await tokenRequest(setup.app, setup.client, { grant_type: "refresh_token", refresh_token: tokens.refresh_token }),
        400,
        "invalid_grant",
      );
    });

    it("a refresh token of another client, or an unknown one → invalid_grant", async () => {
      const tokens = await obtainTokens(setup);
      const other = await makeClient(setup.db);
      await expectError(
        await tokenRequest(setup.app, other, { grant_type: "refresh_token", refresh_token: tokens.refresh_token }),
        400,
        "invalid_grant",
      );
      await expectError(
        await tokenRequest(setup.app, setup.client, { grant_type: "refresh_token", refresh_token: "unknown" }),
        400,
        "invalid_grant",
      );
    });

    it("once the consenting user is deactivated → invalid_grant", async () => {
      const tokens = await obtainTokens(setup);
      await setup.db.update(companyUsers).set({ status: "inactive" }).where(eq(companyUsers.id, tokens.user_id));
      await expectError(
        await tokenRequest(setup.app, setup.client, { grant_type: "refresh_token", refresh_token: tokens.refresh_token }),
        400,
        "invalid_grant",
      );
    });
  });

  describe("rate limit", () => {
    it("counts token requests against the client's bucket: the 4th of 3 is 429 with Retry-After and x-ratelimit-*", async () => {
      setup = await setupOAuth({ rateLimits: { perClient: 3 } });
      for (let i = 1; i <= 3; i++) {
        const res = await tokenRequest(setup.app, setup.client, { grant_type: "client_credentials" });
        expect(res.status).toBe(200);
        expect(res.headers.get("x-ratelimit-count")).toBe(String(i));
        expect(res.headers.get("x-ratelimit-remaining")).toBe(String(3 - i));
        expect(Number(res.headers.get("x-ratelimit-reset"))).toBeGreaterThan(0);
      }
      const res = await tokenRequest(setup.app, setup.client, { grant_type: "client_credentials" });
      expect(res.status).toBe(429);
      expect(await res.json()).toEqual({ message: "Too many requests" });
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(res.headers.get("x-ratelimit-count")).toBe("3");
      expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(Number(res.headers.get("x-ratelimit-reset"))).toBeGreaterThan(0);
      expect(res.headers.get("cache-control")).toBe("no-store");
    });

    it("does not charge the client for requests that fail authentication", async () => {
      setup = await setupOAuth({ rateLimits: { perClient: 1 } });
      for (let i = 0; i < 3; i++)
        await tokenRequest(setup.app, { id: setup.client.id, secret: "wrong" }, { grant_type: "client_credentials" });
      expect((await tokenRequest(setup.app, setup.client, { grant_type: "client_credentials" })).status).toBe(200);
    });
  });
});
