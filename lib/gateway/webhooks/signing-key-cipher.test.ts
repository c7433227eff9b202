import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseServerEnv } from "@/lib/env";
import { createSigningKeyCipher, GATEWAY_SECRET_FILE, resolveGatewaySecret } from "./signing-key-cipher";
import { maxAttempts, nextRetryDelay, RETRY_SCHEDULE_MS } from "./retry-schedule";

const SECRET = "0123456789abcdef0123456789abcdef-secret";
const fallbacks = {
  clientSecret: "x".repeat(32),
  operatorPassword: "operator-password-x",
  password: "password1",
  customerTokenSandbox: "ra_test_xxxxxxxxxxxxxxxx",
  customerTokenProduction: "ra_live_xxxxxxxxxxxxxxxx",
};

describe("signing keys at rest (AES-256-GCM)", () => {
  const cipher = createSigningKeyCipher(SECRET);
  const id = "7d1f1c2e-0c9b-4a55-9a56-6f5f3f3a1a10";

  it("round-trips, with a fresh IV each time", () => {
    const a = cipher.encrypt(id, "whsec_abc");
    const b = cipher.encrypt(id, "whsec_abc");
    expect(a).not.toBe(b);
    expect(a.startsWith("v1.")).toBe(true);
    expect(a).not.toContain("whsec_abc");
    expect(cipher.decrypt(id, a)).toBe("whsec_abc");
  });

  it("refuses another row id (AAD), another secret, and any tampering", () => {
    const stored = cipher.encrypt(id, "whsec_abc");
    expect(() => cipher.decrypt("00000000-0000-4000-8000-000000000000", stored)).toThrow();
    expect(() => createSigningKeyCipher(`${SECRET}-other`).decrypt(id, stored)).toThrow();
    const raw = Buffer.from(stored.slice(3), "base64url");
    raw[raw.length - 20]! ^= 1;
    expect(() => cipher.decrypt(id, `v1.${raw.toString("base64url")}`)).toThrow();
    expect(() => cipher.decrypt(id, "v2.abc")).toThrow();
    expect(() => cipher.decrypt(id, "v1.AAAA")).toThrow();
    expect(() => createSigningKeyCipher("short")).toThrow();
  });

  it("the gateway secret: GATEWAY_SECRET_KEY, else generated once in the data dir (0600), never a file under tests", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "roster-secret-"));
    try {
      const configured = parseServerEnv({ GATEWAY_SECRET_KEY: SECRET, GATEWAY_DATA_DIR: dir, NODE_ENV: "production" }, fallbacks);
      expect(resolveGatewaySecret(configured)).toEqual({ secret: SECRET, source: "GATEWAY_SECRET_KEY" });
      const generated = parseServerEnv({ GATEWAY_DATA_DIR: dir, NODE_ENV: "production" }, fallbacks);
      const first = resolveGatewaySecret(generated);
      expect(first.source).toBe("generated");
      const file = path.join(dir, GATEWAY_SECRET_FILE);
      expect(readFileSync(file, "utf8").trim()).toBe(first.secret);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(resolveGatewaySecret(generated)).toEqual(first);
      writeFileSync(file, "too short\n");
      expect(() => resolveGatewaySecret(generated)).toThrow();
      const test = parseServerEnv({ GATEWAY_DATA_DIR: path.join(dir, "nested"), NODE_ENV: "test" }, fallbacks);
      expect(resolveGatewaySecret(test).source).toBe("ephemeral");
      expect(() => statSync(path.join(dir, "nested"))).toThrow();
      expect(() => parseServerEnv({ GATEWAY_SECRET_KEY: "short" }, fallbacks)).toThrow(/GATEWAY_SECRET_KEY/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("retry schedule", () => {
  it("is the decision's schedule: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; 9 attempts in all", () => {
    expect(RETRY_SCHEDULE_MS).toEqual([0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(maxAttempts()).toBe(9);
    expect(nextRetryDelay(9)).toBeNull();
    expect(nextRetryDelay(1, { random: () => 0.99 })).toBe(0);
  });

  it("jitter stays within ±10 %", () => {
    for (let failures = 2; failures <= 8; failures++) {
      const base = RETRY_SCHEDULE_MS[failures - 1]!;
      for (const r of [0, 0.25, 0.5, 0.999]) {
        const d = nextRetryDelay(failures, { random: () => r })!;
        expect(d).toBeGreaterThanOrEqual(base * 0.9);
        expect(d).toBeLessThanOrEqual(base * 1.1);
      }
      expect(nextRetryDelay(failures, { random: () => 0.5 })).toBe(base);
    }
  });
});
