import "server-only";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Company } from "@/lib/contract";
import { employmentCurrency } from "../services/expenses-currencies";
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
type Owner = { id: string; name: string; email: string };
async function ownersOf(db: DbOrTx, companyIds: string[]): Promise<Map<string, Owner>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([companyUsers.companyId], {
      companyId: companyUsers.companyId,
      id: companyUsers.id,
      name: companyUsers.name,
      email: companyUsers.email,
    })
    .from(companyUsers)
    .where(and(inArray(companyUsers.companyId, companyIds), eq(companyUsers.role, "owner")))
    .orderBy(companyUsers.companyId, asc(companyUsers.createdAt), asc(companyUsers.id));
  return new Map(rows.map((r) => [r.companyId, { id: r.id, name: r.name, email: r.email }]));
}

/** The credit risk status the embedded API reports for a company's default legal entity (no assessment is modelled). */
const CREDIT_RISK_BY_STATUS: Record<string, Company["default_legal_entity_credit_risk_status"]> = {
  pending: "not_started",
  review: "in_progress",
  active: "no_deposit_required",
  archived: "no_deposit_required",
};

/**
 * The provider's Company. Fields the embedded API does not store are derived (docs/decisions/contract-core.md):
 * the record never changes after creation (`updated_at` = `terms_of_service_accepted_at` = `created_at`), the
 * billing currency is the country's, no address is kept (`{}`).
 */
function toCompany(row: CompanyRow, owner: Owner | undefined): Company {
  const created = row.createdAt.toISOString();
  return {
    id: row.id,
    name: row.name,
    status: row.status as Company["status"],
    country_code: row.countryCode ?? "",
    created_at: created,
    updated_at: created,
    address_details: {},
    company_owner_email: owner?.email ?? "",
    ...(owner ? { company_owner_name: owner.name } : {}),
    company_owner_user_id: owner?.id ?? "",
    default_legal_entity_credit_risk_status: CREDIT_RISK_BY_STATUS[row.status] ?? "not_started",
    desired_currency: employmentCurrency(row.countryCode) ?? "USD",
    terms_of_service_accepted_at: created,
  };
}

export async function listConsentedCompanies(db: DbOrTx, input: { clientId: string; externalId?: string }): Promise<Company[]> {
  // The embedded API stores no external_id for companies: a filter on one matches none.
  if (input.externalId !== undefined) return [];
  const rows = await db
    .select()
    .from(companies)
    .where(inArray(companies.id, consentedIds(db, input.clientId)))
    .orderBy(asc(companies.createdAt), asc(companies.id));
  const owners = await ownersOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toCompany(r, owners.get(r.id)));
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
