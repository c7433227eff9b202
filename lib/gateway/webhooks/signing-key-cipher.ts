import "server-only";
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import path from "node:path";
import { getServerEnv, type ServerEnv } from "@/lib/env";
import type { GatewayDeps } from "../context";

// Callback signing keys at rest. HMAC signing needs the key itself, so unlike tokens it cannot be
// stored as a hash: it is stored encrypted with AES-256-GCM under a key derived (HKDF-SHA256) from
// the gateway secret, with the callback id as additional authenticated data (a ciphertext copied to
// another row does not decrypt). docs/decisions/webhooks-signing-keys.md.
//
// The gateway secret is GATEWAY_SECRET_KEY; unset, one is generated once per data directory and kept
// in `<GATEWAY_DATA_DIR>/gateway-secret-key` (mode 0600), like the console's auth secret. Several
// instances on PostgreSQL must share it: set GATEWAY_SECRET_KEY there.

export interface SigningKeyCipher {
  encrypt(callbackId: string, signingKey: string): string;
  decrypt(callbackId: string, stored: string): string;
}

const VERSION = "v1";
const HKDF_SALT = Buffer.from("roster/gateway", "utf8");
const HKDF_INFO = Buffer.from("webhook-signing-keys/v1", "utf8");

export function createSigningKeyCipher(secret: string): SigningKeyCipher {
  if (secret.length < 32) throw new Error("The gateway secret must be at least 32 characters");
  const key = Buffer.from(hkdfSync("sha256", secret, HKDF_SALT, HKDF_INFO, 32));
  return {
    encrypt(callbackId, signingKey) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(callbackId, "utf8"));
      const ciphertext = Buffer.concat([cipher.update(signingKey, "utf8"), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString("base64url")}`;
    },
    decrypt(callbackId, stored) {
      const [version, data] = stored.split(".");
      if (version !== VERSION || !data) throw new Error("Unknown signing key format");
      const raw = Buffer.from(data, "base64url");
      if (raw.length < 12 + 16) throw new Error("Truncated signing key");
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(callbackId, "utf8"));
      decipher.setAuthTag(raw.subarray(raw.length - 16));
      return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString("utf8");
    },
  };
}

export const GATEWAY_SECRET_FILE = "gateway-secret-key";

export type GatewaySecretSource = "GATEWAY_SECRET_KEY" | "generated" | "ephemeral";

/**
 * GATEWAY_SECRET_KEY, else the secret kept in `<GATEWAY_DATA_DIR>/gateway-secret-key` (created on
 * first use; when two processes start together the first file wins). Under tests (NODE_ENV=test)
 * without a configured key, a per-process secret: test runs leave no file behind.
 */
export function resolveGatewaySecret(env: ServerEnv): { secret: string; source: GatewaySecretSource } {
  if (env.GATEWAY_SECRET_KEY) return { secret: env.GATEWAY_SECRET_KEY, source: "GATEWAY_SECRET_KEY" };
  if (env.NODE_ENV === "test") return { secret: processSecret(), source: "ephemeral" };
  const dir = path.resolve(env.GATEWAY_DATA_DIR);
  const file = path.join(dir, GATEWAY_SECRET_FILE);
  const readExisting = (): string => {
    const existing = readFileSync(file, "utf8").trim();
    // Replacing it would make every stored signing key unreadable: the operator decides.
    if (existing.length < 32)
      throw new Error(`${file} holds no usable secret (at least 32 characters): restore it, or set GATEWAY_SECRET_KEY`);
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return existing;
  };
  try {
    return { secret: readExisting(), source: "generated" };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("base64url");
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return { secret, source: "generated" };
  } catch (error) {
    // Another process started at the same moment and wrote first: use its secret.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return { secret: readExisting(), source: "generated" };
  }
}

const PROCESS_SECRET_KEY = Symbol.for("roster.gateway.ephemeralSecret");
function processSecret(): string {
  const g = globalThis as unknown as Record<symbol, string | undefined>;
  g[PROCESS_SECRET_KEY] ??= randomBytes(32).toString("base64url");
  return g[PROCESS_SECRET_KEY];
}

const ciphers = new WeakMap<object, SigningKeyCipher>();
let processCipher: SigningKeyCipher | undefined;

/**
 * Uses this secret for one gateway (its deps) instead of the process configuration: for a process
 * that serves several gateways with different secrets, and for tests.
 */
export function setGatewaySecret(deps: Pick<GatewayDeps, "db">, secret: string): void {
  ciphers.set(deps.db, createSigningKeyCipher(secret));
}

/** The cipher of a gateway: the one set with setGatewaySecret, else the process configuration's. */
export function getSigningKeyCipher(deps: Pick<GatewayDeps, "db">): SigningKeyCipher {
  const own = ciphers.get(deps.db);
  if (own) return own;
  processCipher ??= createSigningKeyCipher(resolveGatewaySecret(getServerEnv()).secret);
  return processCipher;
}
