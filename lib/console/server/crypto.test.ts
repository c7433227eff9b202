import { describe, expect, it } from "vitest";
import { createTokenCipher, DecryptionError, deriveTokenKey, tokenColumns } from "./crypto";

const SECRET = "a-console-secret-of-at-least-32-characters";

describe("token encryption (AES-256-GCM, HKDF key, row-bound AAD)", () => {
  const cipher = createTokenCipher(SECRET);

  it("round-trips and never shows the plaintext", () => {
    const token = "ra_test_0123456789abcdefghijklmnop";
    const sealed = cipher.seal(token, "console_connections:1:access_token");
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(token);
    expect(sealed).not.toContain(Buffer.from(token).toString("base64url"));
    expect(cipher.open(sealed, "console_connections:1:access_token")).toBe(token);
  });

  it("uses a fresh IV each time", () => {
    const a = cipher.seal("same", "aad");
    const b = cipher.seal("same", "aad");
    expect(a).not.toBe(b);
    expect(cipher.open(a, "aad")).toBe(cipher.open(b, "aad"));
  });

  it("detects tampering with the ciphertext, the tag or the IV", () => {
    const sealed = cipher.seal("a token worth protecting", "aad");
    const [v, iv, ct, tag] = sealed.split(".") as [string, string, string, string];
    const flip = (s: string) => {
      const b = Buffer.from(s, "base64url");
      b[0] = (b[0] ?? 0) ^ 0x01;
      return b.toString("base64url");
    };
    for (const forged of [
      [v, iv, flip(ct), tag],
      [v, iv, ct, flip(tag)],
      [v, flip(iv), ct, tag],
    ]) {
      expect(() => cipher.open(forged.join("."), "aad")).toThrow(DecryptionError);
    }
    expect(() => cipher.open(`v2.${iv}.${ct}.${tag}`, "aad")).toThrow(DecryptionError);
    expect(() => cipher.open("not-a-sealed-value", "aad")).toThrow(DecryptionError);
  });

  it("binds a value to its row and column (AAD): moved elsewhere, it does not open", () => {
    const sealed = cipher.seal("refresh-token", "console_connections:row-1:refresh_token");
    expect(() => cipher.open(sealed, "console_connections:row-2:refresh_token")).toThrow(DecryptionError);
    expect(() => cipher.open(sealed, "console_connections:row-1:access_token")).toThrow(DecryptionError);
  });

  it("another secret cannot open it, and errors never carry the value", () => {
    const sealed = cipher.seal("ra_live_secretvalue1234567890", "aad");
    const other = createTokenCipher("another-console-secret-of-32-characters!");
    try {
      other.open(sealed, "aad");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DecryptionError);
      expect(String(error)).not.toContain("secretvalue");
    }
  });

  it("derives a 32-byte key, refusing short secrets", () => {
    expect(deriveTokenKey(SECRET)).toHaveLength(32);
    expect(deriveTokenKey(SECRET).equals(deriveTokenKey(SECRET))).toBe(true);
    expect(() => deriveTokenKey("short")).toThrow(/32 characters/);
  });
});

describe("tokenColumns: the stores' one way to seal, open and re-seal their token columns", () => {
  const cipher = createTokenCipher("s".repeat(40));
  const grants = tokenColumns(cipher, "partner_grants");
  const connections = tokenColumns(cipher, "console_connections");

  it("seals both tokens for a row, opens them for that row and table only", () => {
    const sealed = grants.seal("g1", { accessToken: "access-1", refreshToken: "refresh-1" });
    expect(grants.open("g1", "access_token", sealed.accessTokenEnc)).toBe("access-1");
    expect(grants.open("g1", "refresh_token", sealed.refreshTokenEnc!)).toBe("refresh-1");
    expect(() => grants.open("g2", "access_token", sealed.accessTokenEnc)).toThrow(DecryptionError);
    expect(() => grants.open("g1", "refresh_token", sealed.accessTokenEnc)).toThrow(DecryptionError);
    expect(() => connections.open("g1", "access_token", sealed.accessTokenEnc)).toThrow(DecryptionError);
    expect(connections.seal("c1", { accessToken: "ct" }).refreshTokenEnc).toBeNull();
  });

  it("a refresh's values: new tokens sealed, the old refresh token kept when none comes, scopes kept without `scope`", () => {
    const at = new Date("2026-01-01T00:00:00Z");
    const row = { id: "c1", scopes: ["a"], refreshGeneration: 3 };
    const kept = connections.refreshed(row, { access_token: "new-access", expires_in: 60 }, "old-refresh", at);
    expect(connections.open("c1", "access_token", kept.accessTokenEnc)).toBe("new-access");
    expect(connections.open("c1", "refresh_token", kept.refreshTokenEnc)).toBe("old-refresh");
    expect(kept).toMatchObject({ scopes: ["a"], refreshGeneration: 4, accessExpiresAt: new Date("2026-01-01T00:01:00Z") });
    const rotated = connections.refreshed(row, { access_token: "x", refresh_token: "rotated", expires_in: 1, scope: "b c" }, "old", at);
    expect(connections.open("c1", "refresh_token", rotated.refreshTokenEnc)).toBe("rotated");
    expect(rotated.scopes).toEqual(["b", "c"]);
  });
});
