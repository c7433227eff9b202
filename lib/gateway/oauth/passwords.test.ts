import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords";

describe("hashPassword / verifyPassword", () => {
  it("hashes with argon2id and verifies only the same password", async () => {
    const hash = await hashPassword("s3cret passphrase");
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain("s3cret");
    expect(await verifyPassword(hash, "s3cret passphrase")).toBe(true);
    expect(await verifyPassword(hash, "s3cret passphrasE")).toBe(false);
    expect(await hashPassword("s3cret passphrase")).not.toBe(hash); // salted
  });

  it("treats a missing or malformed hash as a mismatch", async () => {
    expect(await verifyPassword(null, "x")).toBe(false);
    expect(await verifyPassword(undefined, "x")).toBe(false);
    expect(await verifyPassword("not-a-phc-string", "x")).toBe(false);
  });
});
