import "server-only";
import { notFound } from "next/navigation";
import { getAuthDeps, type AuthDeps } from "../auth/deps";
import type { AuditActor } from "../db/schema";
import { requireConsoleSession } from "../session";
import type { ConsoleSession } from "../../session-types";

// Server side of the partner pages: only operators see them. Anyone else (a company admin) gets the
// not-found page, as if the partner view did not exist.

export interface OperatorContext {
  deps: AuthDeps;
  session: ConsoleSession & { operatorId: string };
  actor: AuditActor;
}

export async function requireOperator(returnTo: string): Promise<OperatorContext> {
  const session = await requireConsoleSession(returnTo);
  if (session.kind !== "operator" || !session.operatorId) notFound();
  const deps = await getAuthDeps();
  return {
    deps,
    session: session as ConsoleSession & { operatorId: string },
    actor: { kind: "operator", id: session.operatorId, name: session.user?.name ?? null, email: session.user?.email ?? null },
  };
}
