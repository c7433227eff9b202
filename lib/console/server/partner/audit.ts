import "server-only";
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Environment } from "@/lib/contract";
import type { ConsoleDb } from "../db/client";
import { consoleAuditLog, type AuditActor, type AuditDetail, type StoredCompany } from "../db/schema";

// The console's audit log: every mutating call it makes to the API (whoever made it: an operator or a
// company admin), with the company it acted for, the API path, the answer's status and request id.
// Written before the response is used, so a call the user saw is a call the log holds.

export interface AuditEntry {
  environment: Environment;
  company: StoredCompany | null;
  actor: AuditActor;
  method: string;
  path: string;
  status: number;
  requestId: string | null;
  at?: Date;
  /** An entry that is not one API call (a CSV export) says what it was. */
  detail?: AuditDetail | null;
  /** Set by a caller that completes the entry later (an export records its end); random otherwise. */
  id?: string;
}

export interface AuditRecord extends Required<Omit<AuditEntry, "at" | "id">> {
  id: string;
  at: Date;
}

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const isMutating = (method: string) => MUTATING.has(method.toUpperCase());

/** The path of an API call without its query (which may hold personal data such as an email filter). */
export const auditPath = (path: string) => path.split("?")[0]!.replace(/^\/+/, "");

export async function recordAudit(db: ConsoleDb, entry: AuditEntry): Promise<void> {
  await db.insert(consoleAuditLog).values({
    id: entry.id ?? randomUUID(),
    at: entry.at ?? new Date(),
    environment: entry.environment,
    companyId: entry.company?.id ?? null,
    companyName: entry.company?.name ?? null,
    actor: entry.actor,
    method: entry.method.toUpperCase(),
    path: auditPath(entry.path),
    status: entry.status,
    requestId: entry.requestId,
    detail: entry.detail ?? null,
  });
}

/**
 * One page of the audit log of one company, or of several (the operator's cross-company log: every
 * company the partner has a grant for), newest first. No company, no entries: a log is only ever
 * read for companies the caller named.
 */
export async function listAudit(
  db: ConsoleDb,
  q: { environment: Environment; companyId: string | readonly string[]; page: number; pageSize: number },
): Promise<{ entries: AuditRecord[]; totalCount: number; totalPages: number; page: number }> {
  const companies = typeof q.companyId === "string" ? [q.companyId] : [...q.companyId];
  if (companies.length === 0) return { page: q.page, totalCount: 0, totalPages: 1, entries: [] };
  const where = and(
    eq(consoleAuditLog.environment, q.environment),
    companies.length === 1 ? eq(consoleAuditLog.companyId, companies[0]!) : inArray(consoleAuditLog.companyId, companies),
  );
  const [total] = await db.select({ n: count() }).from(consoleAuditLog).where(where);
  const rows = await db
    .select()
    .from(consoleAuditLog)
    .where(where)
    .orderBy(desc(consoleAuditLog.at), desc(consoleAuditLog.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const totalCount = Number(total?.n ?? 0);
  return {
    page: q.page,
    totalCount,
    totalPages: Math.max(1, Math.ceil(totalCount / q.pageSize)),
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at,
      environment: r.environment,
      company: r.companyId ? { id: r.companyId, name: r.companyName ?? r.companyId } : null,
      actor: r.actor,
      method: r.method,
      path: r.path,
      status: r.status,
      requestId: r.requestId,
      detail: r.detail ?? null,
    })),
  };
}
