import "server-only";
import CredentialsProvider from "next-auth/providers/credentials";
import type { OperatorSignInResult } from "../partner/operators";
import type { RevocableGrant, TokenStore } from "../token-store";
import type { OPERATOR_ERRORS } from "../../auth/sign-in-errors";

// Partner operators sign in to the console itself (email and password of `console_operators`), not to
// the API: they act through the grants companies gave the partner. A browser's previous session (a
// company admin's) ends with this sign-in.

export const OPERATOR_PROVIDER_ID = "operator";

export type OperatorErrorCode = keyof typeof OPERATOR_ERRORS;

export class OperatorSignInError extends Error {
  override name = "OperatorSignInError";
  constructor(readonly code: OperatorErrorCode) {
    super(code);
  }
}

export interface OperatorSignInDeps {
  store: TokenStore;
  authenticate: (email: unknown, password: unknown) => Promise<OperatorSignInResult>;
  /** The console session of the browser, when it has one (it is replaced). */
  sessionId: string | null;
  /** Revokes the OAuth grants of the replaced session at the API. */
  revoke: (grants: RevocableGrant[]) => Promise<void>;
}

/** Checks the credentials and starts an operator session in the sandbox; returns the session id. */
export async function signInOperator(deps: OperatorSignInDeps, email: unknown, password: unknown): Promise<string> {
  const result = await deps.authenticate(email, password);
  if (!result.ok) throw new OperatorSignInError(result.reason === "locked" ? "OperatorLocked" : "OperatorInvalid");
  const { sessionId, revocable } = await deps.store.signInOperator({
    previousSessionId: deps.sessionId,
    operator: { id: result.operator.id, name: result.operator.name, email: result.operator.email },
    environment: "sandbox",
  });
  await deps.revoke(revocable);
  return sessionId;
}

export function operatorProvider(deps: OperatorSignInDeps) {
  return CredentialsProvider({
    id: OPERATOR_PROVIDER_ID,
    name: "Partner operator",
    credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
    async authorize(credentials) {
      const sessionId = await signInOperator(deps, credentials?.email, credentials?.password);
      // `id` is the console session id: the jwt callback puts only that in the cookie.
      return { id: sessionId };
    },
  });
}
