import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { TokenResponse } from "@/lib/contract";
import { ApiRequestError } from "../api-errors";
import { TokenEndpointError } from "./auth/token-endpoint";
import { createTokenCipher } from "./crypto";
import type { ConsoleDb } from "./db/client";
import { consoleConnections, consoleSessions } from "./db/schema";
import { getConsoleTestDatabase } from "@/test-support/console/db";
import { countStatements } from "@/test-support/console/statements";
import { createTokenStore, type NewConnection, type RefreshInput } from "./token-store";

const SECRET = "token-store-test-secret-0123456789abcdef";
const company = { id: "8d7c6f1e-0000-4000-8000-000000000001", name: "Acme" };
const user = { id: "8d7c6f1e-0000-4000-8000-000000000002", name: "Olivia Owner", email: "owner@acme.example" };

class FakeClock {
  constructor(public ms = Date.parse("2026-01-01T10:00:00Z")) {}
  now = () => new Date(this.ms);
  advance(ms: number) {
    this.ms += ms;
  }
}

/** A token endpoint that counts refreshes and answers after a delay (so callers really overlap). */
function fakeRefresh(options: { delayMs?: number; fail?: Error } = {}) {
  let calls = 0;
  const seen: RefreshInput[] = [];
  const fn = async (input: RefreshInput): Promise<TokenResponse> => {
    calls++;
    seen.push(input);
    await new Promise((r) => setTimeout(r, options.delayMs ?? 20));
    if (options.fail) throw options.fail;
    return { access_token: `access-${calls}`, token_type: "Bearer", expires_in: 3600, scope: "employment:read company:read" };
  };
  return { fn, count: () => calls, seen };
}

const oauthConnection = (over: Partial<NewConnection> = {}): NewConnection => ({
  environment: "sandbox",
  kind: "oauth",
  company,
  user,
  clientId: "roster-demo-console",
  accessToken: "access-initial",
  refreshToken: "refresh-initial",
  accessExpiresAt: new Date(Date.parse("2026-01-01T10:30:00Z")),
  scopes: ["employment:read"],
  ...over,
});

describe("token store", () => {
  let db: ConsoleDb;
  let clock: FakeClock;
  const cipher = createTokenCipher(SECRET);

  beforeEach(async () => {
    db = (await getConsoleTestDatabase()).db;
    clock = new FakeClock();
  });

  const makeStore = (refresh = fakeRefresh()) => ({
    store: createTokenStore({ db, cipher, refresh: refresh.fn, now: clock.now }),
    refresh,
  });

  it("signs in: a session with one connection, tokens encrypted at rest and bound to their row", async () => {
    const { store } = makeStore();
    const sid = await store.signIn({ connection: oauthConnection() });
    expect(sid).toMatch(/^[\w-]{43}$/);
    expect(await store.getSession(sid)).toEqual({
      id: sid,
      kind: "oauth",
      operatorId: null,
      environment: "sandbox",
      environments: ["sandbox"],
      user,
      company,
    });
    const [row] = await db.select().from(consoleConnections);
    expect(row).toBeDefined();
    expect(JSON.stringify(row)).not.toContain("access-initial");
    expect(JSON.stringify(row)).not.toContain("refresh-initial");
    expect(cipher.open(row!.accessTokenEnc, `console_connections:${row!.id}:access_token`)).toBe("access-initial");
    // Copying the ciphertext to another column (or row) makes it unreadable.
    await db.update(consoleConnections).set({ accessTokenEnc: row!.refreshTokenEnc! }).where(eq(consoleConnections.id, row!.id));
    await expect(store.getAccessToken(row!.id)).rejects.toThrow(/failed authentication/);
  });

  it("a second environment joins the session and becomes current; switching needs a live connection", async () => {
    const { store } = makeStore();
    const sid = await store.signIn({ connection: oauthConnection() });
    expect(await store.setEnvironment(sid, "production")).toBe("no_connection");
    const other = { id: "8d7c6f1e-0000-4000-8000-000000000003", name: "Acme Live" };
    expect(
      await store.signIn({
        sessionId: sid,
        connection: oauthConnection({
          environment: "production",
          kind: "customer_token",
          company: other,
          refreshToken: null,
          accessExpiresAt: null,
        }),
      }),
    ).toBe(sid);
    let session = await store.getSession(sid);
    expect(session).toMatchObject({
      environment: "production",
      environments: ["sandbox", "production"],
      kind: "customer_token",
      company: other,
    });
    expect(await store.setEnvironment(sid, "sandbox")).toBe("ok");
    session = await store.getSession(sid);
    expect(session).toMatchObject({ environment: "sandbox", kind: "oauth", company });
    expect(await store.setEnvironment("unknown-session", "sandbox")).toBe("no_session");
    // Signing in again to an environment replaces its connection, never adds a second.
    await store.signIn({ sessionId: sid, connection: oauthConnection({ accessToken: "access-again" }) });
    expect(await db.select().from(consoleConnections).where(eq(consoleConnections.sessionId, sid))).toHaveLength(2);
  });

  it("an unknown or expired session id starts a new session; expired sessions are gone", async () => {
    const { store } = makeStore();
    const sid = await store.signIn({ connection: oauthConnection() });
    clock.advance(8 * 24 * 3600_000);
    expect(await store.getSession(sid)).toBeNull();
    const fresh = await store.signIn({ sessionId: sid, connection: oauthConnection() });
    expect(fresh).not.toBe(sid);
    expect(await db.select().from(consoleSessions)).toHaveLength(1);
  });

  it("returns a valid access token without refreshing; refreshes one that expires within 60 s", async () => {
    const { store, refresh } = makeStore();
    await store.signIn({ connection: oauthConnection() });
    const [row] = await db.select().from(consoleConnections);
    expect(await store.getAccessToken(row!.id)).toBe("access-initial");
    expect(refresh.count()).toBe(0);
    clock.advance(29 * 60_000 + 30_000); // 30 s before expiry
    expect(await store.getAccessToken(row!.id)).toBe("access-1");
    expect(refresh.seen).toEqual([{ environment: "sandbox", clientId: "roster-demo-console", refreshToken: "refresh-initial" }]);
    const [after] = await db.select().from(consoleConnections);
    expect(after!.refreshGeneration).toBe(1);
    expect(after!.accessExpiresAt?.getTime()).toBe(clock.ms + 3600_000);
    expect(after!.scopes).toEqual(["employment:read", "company:read"]);
    expect(await store.getAccessToken(row!.id)).toBe("access-1");
    expect(refresh.count()).toBe(1);
  });

  it("50 concurrent callers of an expired connection share exactly one refresh", async () => {
    const { store, refresh } = makeStore(fakeRefresh({ delayMs: 50 }));
    await store.signIn({ connection: oauthConnection({ accessExpiresAt: new Date(clock.ms - 1000) }) });
    const [row] = await db.select().from(consoleConnections);
    const tokens = await Promise.all(Array.from({ length: 50 }, () => store.getAccessToken(row!.id)));
    expect(refresh.count()).toBe(1);
    expect(new Set(tokens)).toEqual(new Set(["access-1"]));
  });

  it("two store instances on one database (two console processes): still one refresh", async () => {
    const refresh = fakeRefresh({ delayMs: 50 });
    const a = createTokenStore({ db, cipher, refresh: refresh.fn, now: clock.now });
    const b = createTokenStore({ db, cipher, refresh: refresh.fn, now: clock.now });
    await a.signIn({ connection: oauthConnection({ accessExpiresAt: new Date(clock.ms - 1000) }) });
    const [row] = await db.select().from(consoleConnections);
    const tokens = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).getAccessToken(row!.id)));
    expect(refresh.count()).toBe(1);
    expect(new Set(tokens)).toEqual(new Set(["access-1"]));
  });

  it("a token the API rejected is refreshed once, even if not yet expired", async () => {
    const { store, refresh } = makeStore();
    await store.signIn({ connection: oauthConnection() });
    const [row] = await db.select().from(consoleConnections);
    const results = await Promise.all(Array.from({ length: 10 }, () => store.getAccessToken(row!.id, { rejected: "access-initial" })));
    expect(new Set(results)).toEqual(new Set(["access-1"]));
    // A caller still holding the old rejected token gets the new one, without another refresh.
    expect(await store.getAccessToken(row!.id, { rejected: "access-initial" })).toBe("access-1");
    expect(refresh.count()).toBe(1);
  });

  it("invalid_grant marks the connection dead: 401, sign in again, no further refresh attempts", async () => {
    const { store, refresh } = makeStore(
      fakeRefresh({ fail: new TokenEndpointError(400, "invalid_grant", "The refresh token is revoked", "req-1") }),
    );
    const sid = await store.signIn({ connection: oauthConnection({ accessExpiresAt: new Date(clock.ms - 1000) }) });
    const [row] = await db.select().from(consoleConnections);
    const errors = await Promise.all(Array.from({ length: 5 }, () => store.getAccessToken(row!.id).catch((e: unknown) => e)));
    for (const e of errors) {
      expect(e).toBeInstanceOf(ApiRequestError);
      expect((e as ApiRequestError).payload).toMatchObject({ kind: "unauthorized", status: 401 });
      expect((e as ApiRequestError).message).toMatch(/Sign in to sandbox again/);
    }
    expect(refresh.count()).toBe(1);
    await expect(store.getAccessToken(row!.id)).rejects.toMatchObject({ status: 401 });
    expect(refresh.count()).toBe(1);
    const [dead] = await db.select().from(consoleConnections);
    expect(dead).toMatchObject({ status: "dead", statusReason: "invalid_grant" });
    expect((await store.getSession(sid))?.environments).toEqual([]);
  });

  it("a transient refresh failure reaches the caller with the API's words, and the connection stays usable", async () => {
    const failing = fakeRefresh({ fail: new TokenEndpointError(503, "server_error", "Try again later", "req-9") });
    const store = createTokenStore({ db, cipher, refresh: failing.fn, now: clock.now });
    await store.signIn({ connection: oauthConnection({ accessExpiresAt: new Date(clock.ms - 1000) }) });
    const [row] = await db.select().from(consoleConnections);
    const error = (await store.getAccessToken(row!.id).catch((e: unknown) => e)) as ApiRequestError;
    expect(error.payload).toMatchObject({ kind: "server", status: 503, requestId: "req-9" });
    expect(error.message).toContain("Try again later");
    const [still] = await db.select().from(consoleConnections);
    expect(still!.status).toBe("active");
    const working = createTokenStore({ db, cipher, refresh: fakeRefresh().fn, now: clock.now });
    expect(await working.getAccessToken(row!.id)).toBe("access-1");
  });

  it("Customer API tokens never refresh; one the API rejects ends the connection", async () => {
    const { store, refresh } = makeStore();
    await store.signIn({
      connection: oauthConnection({
        kind: "customer_token",
        clientId: null,
        accessToken: "ra_test_abc",
        refreshToken: null,
        accessExpiresAt: null,
        scopes: [],
      }),
    });
    const [row] = await db.select().from(consoleConnections);
    clock.advance(365 * 24 * 3600_000 - 1);
    expect(await store.getAccessToken(row!.id)).toBe("ra_test_abc");
    await expect(store.getAccessToken(row!.id, { rejected: "ra_test_abc" })).rejects.toMatchObject({ status: 401 });
    await expect(store.getAccessToken(row!.id)).rejects.toMatchObject({ status: 401 });
    expect(refresh.count()).toBe(0);
  });

  it("sign-out deletes the session and its tokens, and returns grants to revoke unless a colleague still uses them", async () => {
    const { store } = makeStore();
    const mine = await store.signIn({ connection: oauthConnection({ refreshToken: "refresh-mine" }) });
    const colleague = await store.signIn({ connection: oauthConnection({ refreshToken: "refresh-colleague" }) });
    await store.signIn({ sessionId: mine, connection: oauthConnection({ environment: "production", refreshToken: "refresh-prod" }) });
    // Sandbox consent is shared with the colleague's session (the API withdraws it company-wide): kept.
    expect(await store.deleteSession(mine)).toEqual([
      { environment: "production", clientId: "roster-demo-console", refreshToken: "refresh-prod" },
    ]);
    expect(await store.getSession(mine)).toBeNull();
    expect(await db.select().from(consoleConnections).where(eq(consoleConnections.sessionId, mine))).toHaveLength(0);
    expect(await store.deleteSession(colleague)).toEqual([
      { environment: "sandbox", clientId: "roster-demo-console", refreshToken: "refresh-colleague" },
    ]);
    expect(await db.select().from(consoleSessions)).toHaveLength(0);
  });

  it("a kept session is refused at once after sign-out, whichever console instance signs it out", async () => {
    const { store } = makeStore();
    const other = createTokenStore({ db, cipher, refresh: fakeRefresh().fn, now: clock.now }); // a second console instance
    const mine = await store.signIn({ connection: oauthConnection() });
    const first = await store.getSession(mine);
    // Kept: the second read is the same object (only its versions were read).
    expect(await store.getSession(mine)).toBe(first);
    await other.deleteSession(mine);
    expect(await store.getSession(mine)).toBeNull();
    // And signed out by this instance itself, after the other kept it.
    const again = await store.signIn({ connection: oauthConnection() });
    expect(await other.getSession(again)).toMatchObject({ id: again });
    await store.deleteSession(again);
    expect(await other.getSession(again)).toBeNull();
  });

  it("a kept session follows every change of the session or its connections made by another instance", async () => {
    const { store } = makeStore();
    const other = createTokenStore({ db, cipher, refresh: fakeRefresh().fn, now: clock.now });
    const sid = await store.signIn({ connection: oauthConnection() });
    await store.signIn({ sessionId: sid, connection: oauthConnection({ environment: "production" }) });
    expect(await store.getSession(sid)).toMatchObject({ environment: "production", environments: ["sandbox", "production"] });
    // The current environment switched elsewhere.
    expect(await other.setEnvironment(sid, "sandbox")).toBe("ok");
    expect(await store.getSession(sid)).toMatchObject({ environment: "sandbox", environments: ["sandbox", "production"] });
    // A connection refused (marked dead) elsewhere: that environment is no longer usable.
    const [sandbox] = await db
      .select()
      .from(consoleConnections)
      .where(and(eq(consoleConnections.sessionId, sid), eq(consoleConnections.environment, "sandbox")));
    await other.markDead(sandbox!.id, "unauthorized");
    expect((await store.getSession(sid))?.environments).toEqual(["production"]);
    // A connection forgotten elsewhere (the others' versions unchanged).
    await other.deleteConnection(sid, "sandbox");
    expect(await store.getSession(sid)).toMatchObject({ environment: "production", environments: ["production"] });
    // An expired kept session is refused (and gone).
    clock.advance(8 * 24 * 3600_000);
    expect(await store.getSession(sid)).toBeNull();
    expect(await db.select().from(consoleSessions).where(eq(consoleSessions.id, sid))).toHaveLength(0);
  });

  it("on PGlite a kept session and its connection cost no statement while no write is seen; a write by any path is seen at once", async () => {
    const { store } = makeStore();
    const sid = await store.signIn({ connection: oauthConnection() });
    const first = await store.getSession(sid);
    const withToken = await store.getConnectionWithToken(sid, "sandbox");
    expect(withToken?.token?.value).toBe("access-initial");
    // Nothing written since: both from memory, not a single statement (this process sees every write).
    const again = await countStatements(async () => [await store.getSession(sid), await store.getConnectionWithToken(sid, "sandbox")]);
    expect(again.statements).toBe(0);
    expect(again.result[0]).toBe(first);
    expect(again.result[1]).toEqual(withToken);
    // A write by plain SQL (any path, any store of this process) is seen by the very next read.
    await db.execute(sql`UPDATE console_connections SET company_name = 'Acme Renamed' WHERE session_id = ${sid}`);
    expect((await store.getSession(sid))?.company).toEqual({ id: company.id, name: "Acme Renamed" });
    expect((await store.getConnectionWithToken(sid, "sandbox"))?.connection.company.name).toBe("Acme Renamed");
    await db.execute(sql`DELETE FROM console_connections WHERE session_id = ${sid}`);
    expect(await store.getConnectionWithToken(sid, "sandbox")).toBeNull();
    await db.execute(sql`DELETE FROM console_sessions WHERE id = ${sid}`);
    expect(await store.getSession(sid)).toBeNull();
  });

  it("a session kept in memory still ends at its expiry, with no write to tell", async () => {
    const { store } = makeStore();
    const sid = await store.signIn({ connection: oauthConnection() });
    expect(await store.getSession(sid)).toMatchObject({ id: sid });
    clock.advance(8 * 24 * 3600_000);
    expect(await store.getSession(sid)).toBeNull();
    expect(await db.select().from(consoleSessions).where(eq(consoleSessions.id, sid))).toHaveLength(0);
  });

  it("forgetting one environment keeps the session on the other; forgetting the last ends it", async () => {
    const { store } = makeStore();
    const sid = await store.signIn({ connection: oauthConnection() });
    await store.signIn({
      sessionId: sid,
      connection: oauthConnection({
        environment: "production",
        kind: "customer_token",
        clientId: null,
        accessToken: "ra_live_x",
        refreshToken: null,
        accessExpiresAt: null,
      }),
    });
    expect(await store.deleteConnection(sid, "production")).toEqual({ revocable: [], sessionDeleted: false });
    expect(await store.getSession(sid)).toMatchObject({ environment: "sandbox", environments: ["sandbox"] });
    const last = await store.deleteConnection(sid, "sandbox");
    expect(last.sessionDeleted).toBe(true);
    expect(last.revocable).toHaveLength(1);
    expect(await store.getSession(sid)).toBeNull();
  });
});
