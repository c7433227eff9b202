import "server-only";
import { and, desc, eq, like, or } from "drizzle-orm";
import type { Environment } from "@/lib/contract";
import type { ConsoleDb } from "../db/client";
import { consoleAuditLog, type AuditActor } from "../db/schema";

// The console's audit entries of one employment: the mutating calls whose API path names it as a
// segment (PATCH v2/employments/{id}, POST v1/employments/{id}/invite, PUT v1/custom-fields/…/values/{id},
// v1/employments/{id}/onboarding-tasks/…). Read for the session's environment and company only, so an
// id of another company finds nothing even if one were recorded. The log keeps no request bodies
// (they hold personal data), so a call that names the employment only in its body (POST v1/timeoff)
// is not found here: the API's own records of it are (./timeline.ts).

export interface EmploymentAuditRecord {
  id: string;
  at: Date;
  actor: AuditActor;
  method: string;
  path: string;
  status: number;
  requestId: string | null;
}

/** `%`, `_` and `\` taken literally by LIKE (ids are UUIDs, but the pattern never trusts that). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listEmploymentAudit(
  db: ConsoleDb,
  q: { environment: Environment; companyId: string; employmentId: string; limit: number },
): Promise<EmploymentAuditRecord[]> {
  const id = literal(q.employmentId);
  const a = consoleAuditLog;
  const rows = await db
    .select({ id: a.id, at: a.at, actor: a.actor, method: a.method, path: a.path, status: a.status, requestId: a.requestId })
    .from(a)
    .where(and(eq(a.environment, q.environment), eq(a.companyId, q.companyId), or(like(a.path, `%/${id}`), like(a.path, `%/${id}/%`))))
    .orderBy(desc(a.at), desc(a.id))
    .limit(q.limit);
  return rows;
}
