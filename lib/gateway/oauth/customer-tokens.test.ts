import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { AUTHORIZATION_CODE_SCOPES } from "@/lib/contract";
import { sha256 } from "../crypto";
import type { Db } from "../db/client";
import { customerTokens } from "../db/schema";
import { makeTenant } from "@/test-support/gateway/factories";
import { createTestGateway } from "@/test-support/gateway/harness";
import { issueCustomerToken } from "./customer-tokens";

describe("issueCustomerToken", () => {
  let db: Db;
  let tenant: Awaited<ReturnType<typeof makeTenant>>;
  beforeEach(async () => {
    db = (await createTestGateway()).deps.db;
    tenant = await makeTenant(db, "sandbox");
  });
  const base = () => ({ companyId: tenant.company.id, userId: tenant.admin.id, name: "Demo" });

  it("returns a prefixed plaintext and stores only its digest", async () => {
    const token = await issueCustomerToken(db, { ...base(), environment: "sandbox" });
    expect(token).toMatch(/^ra_test_[A-Za-z0-9_-]{43}$/);
    const [row] = await db
      .select()
      .from(customerTokens)
      .where(eq(customerTokens.tokenHash, sha256(token)));
    expect(row).toMatchObject({
      companyId: tenant.company.id,
      userId: tenant.admin.id,
      name: "Demo",
      scopes: [...AUTHORIZATION_CODE_SCOPES],
    });
    expect(JSON.stringify(await db.select().from(customerTokens))).not.toContain(token);
    expect(await issueCustomerToken(db, { ...base(), environment: "production" })).toMatch(/^ra_live_/);
  });

  it("accepts a given plaintext and is idempotent on it, without reviving a revoked token", async () => {
    const given = "ra_test_demo0123456789abcdef";
    expect(await issueCustomerToken(db, { ...base(), environment: "sandbox", token: given, scopes: ["employment:read"] })).toBe(given);
    await db
      .update(customerTokens)
      .set({ revokedAt: new Date() })
      .where(eq(customerTokens.tokenHash, sha256(given)));
    expect(await issueCustomerToken(db, { ...base(), environment: "sandbox", token: given })).toBe(given);
    const rows = await db
      .select()
      .from(customerTokens)
      .where(eq(customerTokens.tokenHash, sha256(given)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.revokedAt).not.toBeNull();
    expect(rows[0]!.scopes).toEqual(["employment:read"]);
  });

  it("refuses a given plaintext of the other environment or too short", async () => {
    await expect(issueCustomerToken(db, { ...base(), environment: "sandbox", token: "ra_live_0123456789abcdefghij" })).rejects.toThrow(
      /ra_test_/,
    );
    await expect(issueCustomerToken(db, { ...base(), environment: "production", token: "ra_test_0123456789abcdefghij" })).rejects.toThrow(
      /ra_live_/,
    );
    await expect(issueCustomerToken(db, { ...base(), environment: "sandbox", token: "ra_test_short" })).rejects.toThrow(/24-512/);
  });
});
