import "server-only";
import { and, desc, eq, like, or, sql } from "drizzle-orm";
import type { Environment } from "@/lib/contract";
import type { ConsoleDb } from "../db/client";
import { consoleAuditLog, type AuditActor } from "../db/schema";

// The console's audit entries of one employment: the mutating calls whose API path names it as a
// segment (PATCH v2/employments/{id}, POST v1/employments/{id}/invite, PUT v1/custom-fields/…/values/{id},
// v1/employments/{id}/onboarding-tasks/…). Read for the session's environment and company only, so an
// id of another company finds nothing even if one were recorded. The log keeps no request bodies
// (they hold personal data), so a call that names the employment only in its body (POST v1/timeoff)
// is not found here: the API's own records of it are (./timeline.ts).
//
// Indexed (migration 0007, GIN over the path's segments): `string_to_array(path, '/') @> {id}` finds
// the entries naming the id as any segment through the index; the LIKE conditions, checked on those few
// rows only, keep the exact rule (a segment after a '/', so never the path's first segment). An id with
// a '/' is no segment and names no employment (the API has none such): nothing is found for it.

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

type EmploymentAuditQuery = { environment: Environment; companyId: string; employmentId: string; limit: number };

/** The query (not run): its plan is checked by the tests (./audit.test.ts). */
export function employmentAuditQuery(db: ConsoleDb, q: EmploymentAuditQuery) {
  const id = literal(q.employmentId);
  const a = consoleAuditLog;
  const segment = sql`string_to_array(${a.path}, '/') @> ARRAY[${q.employmentId}]::text[]`;
  return db
    .select({ id: a.id, at: a.at, actor: a.actor, method: a.method, path: a.path, status: a.status, requestId: a.requestId })
    .from(a)
    .where(
      and(eq(a.environment, q.environment), eq(a.companyId, q.companyId), segment, or(like(a.path, `%/${id}`), like(a.path, `%/${id}/%`))),
    )
    .orderBy(desc(a.at), desc(a.id))
    .limit(q.limit);
}

export async function listEmploymentAudit(db: ConsoleDb, q: EmploymentAuditQuery): Promise<EmploymentAuditRecord[]> {
  if (q.employmentId.includes("/")) return [];
  return employmentAuditQuery(db, q);
}
