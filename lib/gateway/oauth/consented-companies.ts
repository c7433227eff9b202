import "server-only";
import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Company } from "@/lib/contract";
import type { DbOrTx } from "../db/client";
import { companies, companyUsers, oauthGrants } from "../db/schema";

// The companies a client acts for: those with a live (unrevoked) grant to it.

type CompanyRow = typeof companies.$inferSelect;

const consentedIds = (db: DbOrTx, clientId: string) =>
  db
    .select({ id: oauthGrants.companyId })
    .from(oauthGrants)
    .where(and(eq(oauthGrants.clientId, clientId), isNull(oauthGrants.revokedAt)));

/** The first owner (by creation) of each company, for company_owner_name / company_owner_email. */
async function ownersOf(db: DbOrTx, companyIds: string[]): Promise<Map<string, { name: string; email: string }>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([companyUsers.companyId], { companyId: companyUsers.companyId, name: companyUsers.name, email: companyUsers.email })
    .from(companyUsers)
    .where(and(inArray(companyUsers.companyId, companyIds), eq(companyUsers.role, "owner")))
    .orderBy(companyUsers.companyId, asc(companyUsers.createdAt), asc(companyUsers.id));
  return new Map(rows.map((r) => [r.companyId, { name: r.name, email: r.email }]));
}

function toCompany(row: CompanyRow, owner: { name: string; email: string } | undefined): Company {
  return {
    id: row.id,
    name: row.name,
    status: row.status as Company["status"],
    country_code: row.countryCode,
    created_at: row.createdAt.toISOString(),
    company_owner_name: owner?.name ?? null,
    company_owner_email: owner?.email ?? null,
  };
}

export async function listConsentedCompanies(
  db: DbOrTx,
  input: { clientId: string; page: number; pageSize: number },
): Promise<{ companies: Company[]; totalCount: number }> {
  const where = inArray(companies.id, consentedIds(db, input.clientId));
  const [total] = await db.select({ n: count() }).from(companies).where(where);
  const rows = await db
    .select()
    .from(companies)
    .where(where)
    .orderBy(asc(companies.createdAt), asc(companies.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const owners = await ownersOf(
    db,
    rows.map((r) => r.id),
  );
  return { companies: rows.map((r) => toCompany(r, owners.get(r.id))), totalCount: total?.n ?? 0 };
}

/** A company the caller may see: for a client, one that consented to it; for a company token, its own. */
export async function getVisibleCompany(
  db: DbOrTx,
  input: { companyId: string; clientId: string | null; ownCompanyId: string | null },
): Promise<Company | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(input.companyId)) return null;
  const visibility = input.ownCompanyId
    ? eq(companies.id, input.ownCompanyId)
    : input.clientId
      ? inArray(companies.id, consentedIds(db, input.clientId))
      : sql`false`;
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, input.companyId), visibility))
    .limit(1);
  if (!row) return null;
  const owners = await ownersOf(db, [row.id]);
  return toCompany(row, owners.get(row.id));
}
