import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { ConsoleDb } from "../db/client";
import { consoleOperators, type ConsoleOperatorRow } from "../db/schema";

// Partner operators: staff of the partner running the console, who sign in to the console itself
// (not to the API). Passwords are kept as argon2id hashes (a slow hash: they are low-entropy), and
// failed sign-ins are limited per email so a password cannot be guessed by brute force.

export const OPERATOR_MAX_FAILURES = 10;
export const OPERATOR_LOCK_SECONDS = 15 * 60;

export interface Operator {
  id: string;
  email: string;
  name: string;
}

const toOperator = (row: ConsoleOperatorRow): Operator => ({ id: row.id, email: row.email, name: row.name });
const normalize = (email: string) => email.trim().toLowerCase();

/** A valid hash of a random password: unknown emails are checked against it, so their timing matches a wrong password. */
let decoyHash: Promise<string> | undefined;

async function verifyOrDecoy(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hash(randomBytes(24).toString("base64url"));
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/**
 * Creates the operator, or brings an existing one's name and password in step with the configuration
 * (the password is re-hashed only when it changed). Returns the operator.
 */
export async function ensureOperator(
  db: ConsoleDb,
  input: { email: string; name: string; password: string; now?: Date },
): Promise<Operator> {
  const email = normalize(input.email);
  const at = input.now ?? new Date();
  const [existing] = await db.select().from(consoleOperators).where(eq(consoleOperators.email, email)).limit(1);
  if (existing) {
    const samePassword = await verifyOrDecoy(existing.passwordHash, input.password);
    if (samePassword && existing.name === input.name) return toOperator(existing);
    const passwordHash = samePassword ? existing.passwordHash : await hash(input.password);
    await db.update(consoleOperators).set({ name: input.name, passwordHash, updatedAt: at }).where(eq(consoleOperators.id, existing.id));
    return { id: existing.id, email, name: input.name };
  }
  const row = { id: randomUUID(), email, name: input.name, passwordHash: await hash(input.password), createdAt: at, updatedAt: at };
  // Two console instances starting together: the second insert loses on the unique email and reads the first.
  await db.insert(consoleOperators).values(row).onConflictDoNothing({ target: consoleOperators.email });
  const [stored] = await db.select().from(consoleOperators).where(eq(consoleOperators.email, email)).limit(1);
  if (!stored) throw new Error(`The operator ${email} could not be stored`);
  if (stored.id !== row.id) return ensureOperator(db, input);
  return toOperator(stored);
}

export async function getOperator(db: ConsoleDb, id: string): Promise<Operator | null> {
  const [row] = await db.select().from(consoleOperators).where(eq(consoleOperators.id, id)).limit(1);
  return row ? toOperator(row) : null;
}

export type OperatorSignInResult =
  { ok: true; operator: Operator } | { ok: false; reason: "invalid" | "locked"; retryAfterSeconds?: number };

/** Checks an operator's credentials; a locked email fails even with the right password. */
export function createOperatorAuthenticator(db: ConsoleDb) {
  const failures = new RateLimiterMemory({ points: OPERATOR_MAX_FAILURES, duration: OPERATOR_LOCK_SECONDS, keyPrefix: "operator-sign-in" });
  return async function authenticate(rawEmail: unknown, rawPassword: unknown): Promise<OperatorSignInResult> {
    const email = typeof rawEmail === "string" ? normalize(rawEmail) : "";
    const password = typeof rawPassword === "string" ? rawPassword : "";
    if (!email || !password || email.length > 320 || password.length > 1024) return { ok: false, reason: "invalid" };
    const spent = await failures.get(email);
    if (spent && spent.consumedPoints >= OPERATOR_MAX_FAILURES) {
      return { ok: false, reason: "locked", retryAfterSeconds: Math.max(1, Math.ceil(spent.msBeforeNext / 1000)) };
    }
    const [row] = await db.select().from(consoleOperators).where(eq(consoleOperators.email, email)).limit(1);
    if (await verifyOrDecoy(row?.passwordHash ?? null, password)) {
      await failures.delete(email);
      return { ok: true, operator: toOperator(row!) };
    }
    try {
      await failures.consume(email, 1);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
    }
    return { ok: false, reason: "invalid" };
  };
}
