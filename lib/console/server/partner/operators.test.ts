import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { ConsoleDb } from "../db/client";
import { consoleOperators } from "../db/schema";
import { getConsoleTestDatabase } from "@/test-support/console/db";
import { formatConsoleBanner } from "../startup";
import { createOperatorAuthenticator, ensureOperator, OPERATOR_MAX_FAILURES } from "./operators";

describe("console operators", () => {
  let db: ConsoleDb;
  beforeEach(async () => {
    db = (await getConsoleTestDatabase()).db;
  });

  it("are seeded once from the configuration; a changed password or name is applied at the next start", async () => {
    const first = await ensureOperator(db, { email: "Ops@Partner.Example", name: "Ops", password: "first password 0123" });
    expect(first.email).toBe("ops@partner.example");
    const [row] = await db.select().from(consoleOperators);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const authenticate = createOperatorAuthenticator(db);
    expect(await authenticate("ops@partner.example", "first password 0123")).toMatchObject({ ok: true, operator: { id: first.id } });

    // Same values: nothing rewritten (same hash).
    await ensureOperator(db, { email: "ops@partner.example", name: "Ops", password: "first password 0123" });
    expect((await db.select().from(consoleOperators))[0]?.passwordHash).toBe(row?.passwordHash);

    const again = await ensureOperator(db, { email: "ops@partner.example", name: "Operations", password: "second password 0123" });
    expect(again.id).toBe(first.id);
    expect(await db.select().from(consoleOperators)).toHaveLength(1);
    expect(await authenticate("OPS@partner.example ", "first password 0123")).toEqual({ ok: false, reason: "invalid" });
    expect(await authenticate("ops@partner.example", "second password 0123")).toMatchObject({ ok: true, operator: { name: "Operations" } });
  });

  it("two console instances starting together create one operator", async () => {
    const [a, b] = await Promise.all([
      ensureOperator(db, { email: "ops@partner.example", name: "Ops", password: "first password 0123" }),
      ensureOperator(db, { email: "ops@partner.example", name: "Ops", password: "first password 0123" }),
    ]);
    expect(a.id).toBe(b.id);
    expect(await db.select().from(consoleOperators).where(eq(consoleOperators.email, "ops@partner.example"))).toHaveLength(1);
  });

  it("refuse unknown emails and malformed input like a wrong password, and lock an email after repeated failures", async () => {
    await ensureOperator(db, { email: "ops@partner.example", name: "Ops", password: "first password 0123" });
    const authenticate = createOperatorAuthenticator(db);
    for (const [email, password] of [
      ["nobody@partner.example", "first password 0123"],
      ["", "x"],
      [undefined, undefined],
      ["ops@partner.example", "x".repeat(2000)],
    ] as const) {
      expect(await authenticate(email, password)).toEqual({ ok: false, reason: "invalid" });
    }
    for (let i = 0; i < OPERATOR_MAX_FAILURES; i++) await authenticate("ops@partner.example", "wrong");
    const locked = await authenticate("ops@partner.example", "first password 0123");
    expect(locked).toMatchObject({ ok: false, reason: "locked" });
    expect((locked as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(800);
  });

  it("the start banner gives the operator's sign-in, and says when the password was generated", () => {
    const banner = formatConsoleBanner({
      consoleUrl: "http://127.0.0.1:3000",
      operator: { email: "ops@partner.example", password: "pw-0123456789", generated: true },
    });
    expect(banner).toContain("ops@partner.example");
    expect(banner).toContain("pw-0123456789  (generated at this start");
    expect(formatConsoleBanner({ consoleUrl: "http://127.0.0.1:3000", operator: null })).not.toContain("password");
  });
});
