import { describe, expect, it } from "vitest";
import { createTokenCipher, DecryptionError, deriveTokenKey } from "./crypto";

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
