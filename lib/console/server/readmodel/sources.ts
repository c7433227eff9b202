import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Environment } from "@/lib/contract";
import type { ConsoleDb, ConsoleTx } from "../db/client";
import type { CompanyRef } from "./store";

// What the read model may read a company with, and so keep its rows for (docs/decisions/console-readmodel-sources.md):
// - a partner grant that is not revoked (the partner view), or
// - a company admin's connection: an active OAuth or Customer API token connection of a console
//   session that has not expired (the company's own console).
// A company with neither keeps no row: the partner grant's trigger (migration 0002) deletes on
// revocation, `forgetCompanyUnlessSourced` when an admin source ends (sign-out of the last admin), and
// the scheduler's `forgetCompaniesWithoutSource` whatever ended otherwise (a refresh token refused,
// a Customer API token rejected, a session past its end).

export type CompanySource =
  | { kind: "grant"; grantId: string; clientId: string; companyName: string }
  | { kind: "admin"; connectionId: string; clientId: string | null; companyName: string };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The SQL condition "this company has an active admin connection" (session not expired). */
export const adminSourceExists = (environment: SQL | string, companyId: SQL | string): SQL => sql`EXISTS (
  SELECT 1 FROM console_connections cc JOIN console_sessions cs ON cs.id = cc.session_id
  WHERE cc.environment = ${environment} AND cc.company_id = ${companyId} AND cc.status = 'active' AND cs.expires_at > now())`;

/** The SQL condition "this company has a live source" (grant not revoked, or an admin connection). */
export const sourceExists = (environment: SQL | string, companyId: SQL | string): SQL => sql`(EXISTS (
  SELECT 1 FROM partner_grants pg WHERE pg.environment = ${environment} AND pg.company_id = ${companyId} AND pg.status <> 'revoked')
  OR ${adminSourceExists(environment, companyId)})`;

/** The company's source: its live partner grant first, else its most recently used admin connection. */
export async function sourceOf(
  db: ConsoleDb | ConsoleTx,
  ref: { environment: Environment; companyId: string },
): Promise<CompanySource | null> {
  const [grant] = rowsOf<{ id: string; client_id: string; company_name: string }>(
    await db.execute(sql`SELECT id, client_id, company_name FROM partner_grants
      WHERE environment = ${ref.environment} AND company_id = ${ref.companyId} AND status <> 'revoked' LIMIT 1`),
  );
  if (grant) return { kind: "grant", grantId: grant.id, clientId: grant.client_id, companyName: grant.company_name };
  const [admin] = rowsOf<{ id: string; client_id: string | null; company_name: string }>(
    await db.execute(sql`SELECT cc.id, cc.client_id, cc.company_name FROM console_connections cc
      JOIN console_sessions cs ON cs.id = cc.session_id
      WHERE cc.environment = ${ref.environment} AND cc.company_id = ${ref.companyId} AND cc.status = 'active' AND cs.expires_at > now()
      ORDER BY (cc.kind = 'oauth') DESC, cc.updated_at DESC LIMIT 1`),
  );
  if (admin) return { kind: "admin", connectionId: admin.id, clientId: admin.client_id, companyName: admin.company_name };
  return null;
}

/** Whether any company has a source (the console starts its read model lazily, on the first one). */
export async function anySourceExists(db: ConsoleDb): Promise<boolean> {
  const rows = rowsOf<{ one: number }>(
    await db.execute(sql`SELECT 1 AS one WHERE EXISTS (SELECT 1 FROM partner_grants WHERE status <> 'revoked')
      OR EXISTS (SELECT 1 FROM console_connections cc JOIN console_sessions cs ON cs.id = cc.session_id
        WHERE cc.status = 'active' AND cs.expires_at > now())`),
  );
  return rows.length > 0;
}

/** Every company with a source, one row each (the grant's name first), for the scheduler. */
export const SOURCED_COMPANIES = sql`(
  SELECT DISTINCT ON (environment, company_id) environment, company_id, company_name FROM (
    SELECT environment, company_id, company_name, 0 AS rank FROM partner_grants WHERE status <> 'revoked'
    UNION ALL
    SELECT cc.environment, cc.company_id, cc.company_name, 1 AS rank FROM console_connections cc
      JOIN console_sessions cs ON cs.id = cc.session_id WHERE cc.status = 'active' AND cs.expires_at > now()
  ) sources ORDER BY environment, company_id, rank)`;

const READMODEL_TABLES = ["readmodel_employments", "readmodel_pending_items", "readmodel_sync_state", "readmodel_callbacks"] as const;

async function deleteCompanyRows(tx: ConsoleTx, environment: Environment, companyId: string): Promise<{ callbackId: string }[]> {
  const callbacks = rowsOf<{ callback_id: string }>(
    await tx.execute(sql`SELECT callback_id FROM readmodel_callbacks WHERE environment = ${environment} AND company_id = ${companyId}`),
  );
  for (const table of READMODEL_TABLES)
    await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE environment = ${environment} AND company_id = ${companyId}`);
  return callbacks.map((c) => ({ callbackId: c.callback_id }));
}

/**
 * Deletes a company's read-model rows (employments, pending items, freshness, callback) when it has
 * no source any more. The check and the deletion run in one transaction that locks the company's
 * grant and connections (a sync writing at the same moment waits, then finds no source and writes
 * nothing). Returns whether it deleted, and the API ids of the callbacks it forgot.
 */
export async function forgetCompanyUnlessSourced(
  db: ConsoleDb,
  ref: Pick<CompanyRef, "environment"> & { companyId: string },
): Promise<{ forgotten: boolean; callbacks: { callbackId: string }[] }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM partner_grants WHERE environment = ${ref.environment} AND company_id = ${ref.companyId} FOR UPDATE`);
    await tx.execute(
      sql`SELECT 1 FROM console_connections WHERE environment = ${ref.environment} AND company_id = ${ref.companyId} FOR UPDATE`,
    );
    const [live] = rowsOf<{ live: boolean }>(await tx.execute(sql`SELECT ${sourceExists(ref.environment, ref.companyId)} AS live`));
    if (live?.live) return { forgotten: false, callbacks: [] };
    return { forgotten: true, callbacks: await deleteCompanyRows(tx, ref.environment, ref.companyId) };
  });
}

/**
 * The scheduler's sweep: companies the read model holds (a freshness row or a callback) that have
 * no source any more lose their rows. Returns the companies forgotten.
 */
export async function forgetCompaniesWithoutSource(db: ConsoleDb): Promise<{ environment: Environment; companyId: string }[]> {
  const orphans = rowsOf<{ environment: Environment; company_id: string }>(
    await db.execute(sql`SELECT environment, company_id FROM (
        SELECT environment, company_id FROM readmodel_sync_state
        UNION SELECT environment, company_id FROM readmodel_callbacks) held
      WHERE NOT ${sourceExists(sql`held.environment`, sql`held.company_id`)}`),
  );
  const out: { environment: Environment; companyId: string }[] = [];
  for (const o of orphans) {
    const result = await forgetCompanyUnlessSourced(db, { environment: o.environment, companyId: o.company_id });
    if (result.forgotten) out.push({ environment: o.environment, companyId: o.company_id });
  }
  return out;
}
