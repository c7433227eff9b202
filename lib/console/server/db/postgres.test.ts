import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TokenResponse } from "@/lib/contract";
import { createTokenCipher } from "../crypto";
import { createTokenStore } from "../token-store";
import { openConsoleDatabase, truncateConsoleTables, type ConsoleDatabase } from "./client";
import { consoleConnections } from "./schema";

// The console database on PostgreSQL (CONSOLE_DATABASE_URL): the same migrations, and the refresh
// row lock across two connection pools, i.e. two console processes. Skipped, with the reason, when no
// PostgreSQL answers.

const URL = process.env.CONSOLE_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/roster_console_test";

async function reachable(url: string): Promise<boolean> {
  const admin = new globalThis.URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

describe("console database on PostgreSQL", () => {
  let a: ConsoleDatabase | undefined;
  let b: ConsoleDatabase | undefined;
  let available = false;

  beforeAll(async () => {
    available = await reachable(URL);
    if (!available) return;
    // Two instances opening (and migrating) at once: the advisory lock applies each migration once.
    [a, b] = await Promise.all([openConsoleDatabase({ kind: "postgres", url: URL }), openConsoleDatabase({ kind: "postgres", url: URL })]);
    await truncateConsoleTables(a.db);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it("two console processes refreshing one expired connection: one POST to the token endpoint", async (ctx) => {
    if (!available || !a || !b) return ctx.skip(`no PostgreSQL at ${URL}`);
    const cipher = createTokenCipher("postgres-test-secret-0123456789abcdefgh");
    let calls = 0;
    const refresh = async (): Promise<TokenResponse> => {
      calls++;
      await new Promise((r) => setTimeout(r, 100));
      return { access_token: `pg-access-${calls}`, token_type: "Bearer", expires_in: 3600, scope: "employment:read" };
    };
    const storeA = createTokenStore({ db: a.db, cipher, refresh });
    const storeB = createTokenStore({ db: b.db, cipher, refresh });
    await storeA.signIn({
      connection: {
        environment: "sandbox",
        kind: "oauth",
        company: { id: "c1", name: "Acme" },
        user: null,
        clientId: "client",
        accessToken: "expired",
        refreshToken: "refresh",
        accessExpiresAt: new Date(Date.now() - 1000),
        scopes: [],
      },
    });
    const [row] = await a.db.select().from(consoleConnections);
    const tokens = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? storeA : storeB).getAccessToken(row!.id)));
    expect(calls).toBe(1);
    expect(new Set(tokens)).toEqual(new Set(["pg-access-1"]));
    const [after] = await b.db.select().from(consoleConnections);
    expect(after!.refreshGeneration).toBe(1);
  });
  it("a session kept by one console process is refused at once after the other signs it out", async (ctx) => {
    if (!available || !a || !b) return ctx.skip(`no PostgreSQL at ${URL}`);
    const cipher = createTokenCipher("postgres-test-secret-0123456789abcdefgh");
    const refresh = async (): Promise<TokenResponse> => {
      throw new Error("no refresh expected");
    };
    const storeA = createTokenStore({ db: a.db, cipher, refresh });
    const storeB = createTokenStore({ db: b.db, cipher, refresh });
    const sid = await storeA.signIn({
      connection: {
        environment: "sandbox",
        kind: "customer_token",
        company: { id: "c-kept", name: "Kept" },
        user: null,
        clientId: null,
        accessToken: "ra_test_kept",
        scopes: [],
      },
    });
    const kept = await storeA.getSession(sid);
    expect(await storeA.getSession(sid)).toBe(kept); // kept: only its versions were read
    await storeB.deleteSession(sid);
    expect(await storeA.getSession(sid)).toBeNull();
  });
});
