import "server-only";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { AUTHORIZATION_CODE_SCOPES, CLIENT_CREDENTIALS_SCOPES, type Environment } from "@/lib/contract";
import type { Clock } from "../clock";
import { sha256 } from "../crypto";
import type { Db, DbOrTx } from "../db/client";
import { companies, companyUsers, customerTokens, departments, employmentFiles, employments, schemaInfo } from "../db/schema";
import { exampleSection, listFormNames } from "../forms";
import { registerClient } from "../oauth/clients";
import { issueCustomerToken } from "../oauth/customer-tokens";
import { hashPassword, verifyPassword } from "../oauth/passwords";
import { buildDemoRows, demoCompanyId, demoUserId, demoUserIds, type DemoRows, type SeedForms } from "./build";
import { DEMO, demoCompany } from "./demo";
import { seedPayroll, type SeedPayrollResult } from "./payroll";
import { seedPeopleOps, type SeedPeopleOpsResult } from "./people-ops";

export { DEMO, DEMO_COUNTRIES, demoCompany, type DemoCompany } from "./demo";
export {
  buildDemoRows,
  demoCompanyId,
  demoDepartmentId,
  demoEmploymentId,
  demoUserId,
  demoUserIds,
  type DemoRows,
  type SeedForms,
} from "./build";

/** schema_info key of the seed marker: present once the demo data of this database was written. */
export const SEED_MARKER_KEY = "demo_seed";

/** Serialises concurrent seeders (two API instances starting on one PostgreSQL). */
const SEED_LOCK_ID = 727_001;

const defaultForms: SeedForms = { listFormNames, exampleSection };

export interface SeedOptions {
  environment: Environment;
  /** Plaintext shared by every seeded company user (hashed once with argon2id). */
  password: string;
  /** Moves the base date of the data (default: the fixed DEMO.baseDate, so the seed is identical everywhere). */
  clock?: Clock;
  forms?: SeedForms;
}

export interface SeedResult {
  seeded: boolean;
  counts: Record<keyof DemoRows, number> & { peopleOps?: SeedPeopleOpsResult; payroll?: SeedPayrollResult };
}

const CHUNK = 100;

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * Writes the demo data of one environment, once: a marker row in schema_info records it, so running
 * it again (every start) changes nothing. Everything is written in one transaction with the marker.
 */
export async function seedDemoData(db: Db, options: SeedOptions): Promise<SeedResult> {
  const empty = { companies: 0, users: 0, departments: 0, employments: 0, files: 0 };
  if (await hasSeedMarker(db)) return { seeded: false, counts: empty };

  // Hash outside the transaction: argon2 is slow, and one hash serves every seeded user.
  const passwordHash = await hashPassword(options.password);
  const rows = buildDemoRows({
    environment: options.environment,
    baseDate: options.clock?.now(),
    passwordHash,
    forms: options.forms ?? defaultForms,
  });

  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (await hasSeedMarker(tx)) return { seeded: false, counts: empty };
    await insertChunks(rows.companies, (c) => tx.insert(companies).values(c));
    await insertChunks(rows.users, (c) => tx.insert(companyUsers).values(c));
    await insertChunks(rows.departments, (c) => tx.insert(departments).values(c));
    await insertChunks(rows.employments, (c) => tx.insert(employments).values(c));
    await insertChunks(rows.files, (c) => tx.insert(employmentFiles).values(c));
    // The other areas' demo data, built from these companies and employments (seed/people-ops.ts,
    // seed/payroll.ts): time off, expenses, incentives, offboardings, payslips, custom fields,
    // contract amendments, outstanding payments.
    const related = { environment: options.environment, companies: rows.companies, employments: rows.employments, clock: options.clock };
    const peopleOps = await seedPeopleOps(tx, related);
    const payroll = await seedPayroll(tx, related);
    await tx.insert(schemaInfo).values({
      key: SEED_MARKER_KEY,
      value: JSON.stringify({ version: DEMO.seedVersion, environment: options.environment }),
    });
    return {
      seeded: true,
      counts: {
        companies: rows.companies.length,
        users: rows.users.length,
        departments: rows.departments.length,
        employments: rows.employments.length,
        files: rows.files.length,
        peopleOps,
        payroll,
      },
    };
  });
}

export async function hasSeedMarker(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ key: schemaInfo.key }).from(schemaInfo).where(eq(schemaInfo.key, SEED_MARKER_KEY)).limit(1);
  return row !== undefined;
}

export interface DemoAccessOptions {
  environment: Environment;
  client: { id: string; secret: string; redirectUris: readonly string[] };
  /** `ra_test_…` on sandbox, `ra_live_…` on production. */
  customerToken: string;
  password: string;
  adminEmail: string;
  clock?: Clock;
}

/**
 * Applies the operator's demo credentials; runs on every start after seeding, and is idempotent:
 * the OAuth client (secret, redirect URIs), the demo company's Customer API token (a previous demo
 * token stops working), the demo admin's e-mail and the seeded users' password take the configured
 * values. Only the seeded accounts are touched.
 */
export async function applyDemoAccess(db: Db, options: DemoAccessOptions): Promise<void> {
  const now = options.clock?.now() ?? new Date();
  const { environment } = options;
  const company = demoCompany(environment);
  const companyId = demoCompanyId(environment, company.key);
  const ownerId = demoUserId(environment, company.key, "owner");

  await registerClient(db, {
    id: options.client.id,
    secret: options.client.secret,
    name: DEMO.clientName,
    redirectUris: options.client.redirectUris,
    scopes: [...new Set([...AUTHORIZATION_CODE_SCOPES, ...CLIENT_CREDENTIALS_SCOPES])],
    now,
  });

  // The demo admin is the demo company's owner: GATEWAY_DEMO_ADMIN_EMAIL renames that account.
  const [owner] = await db.select({ email: companyUsers.email }).from(companyUsers).where(eq(companyUsers.id, ownerId)).limit(1);
  if (!owner) throw new Error(`The ${environment} database has no demo owner account: was it seeded?`);
  if (owner.email.toLowerCase() !== options.adminEmail.toLowerCase()) {
    const [taken] = await db
      .select({ id: companyUsers.id })
      .from(companyUsers)
      .where(and(sql`lower(${companyUsers.email}) = ${options.adminEmail.toLowerCase()}`, ne(companyUsers.id, ownerId)))
      .limit(1);
    if (taken) throw new Error(`GATEWAY_DEMO_ADMIN_EMAIL: ${options.adminEmail} already belongs to another ${environment} user`);
    await db.update(companyUsers).set({ email: options.adminEmail }).where(eq(companyUsers.id, ownerId));
  }

  // One argon2 verification when nothing changed; one hash for all seeded users when it did.
  const ids = demoUserIds(environment);
  const hashes = await db.select({ hash: companyUsers.passwordHash }).from(companyUsers).where(inArray(companyUsers.id, ids));
  const distinct = [...new Set(hashes.map((h) => h.hash))];
  const current = distinct.length === 1 && distinct[0] ? await verifyPassword(distinct[0], options.password) : false;
  if (!current) {
    const passwordHash = await hashPassword(options.password);
    await db.update(companyUsers).set({ passwordHash }).where(inArray(companyUsers.id, ids));
  }

  await issueCustomerToken(db, {
    companyId,
    userId: ownerId,
    environment,
    name: DEMO.customerTokenName,
    token: options.customerToken,
    now,
  });
  // A previous demo token (the value changed, or was generated by an earlier start) stops working.
  await db
    .delete(customerTokens)
    .where(
      and(
        eq(customerTokens.companyId, companyId),
        eq(customerTokens.name, DEMO.customerTokenName),
        ne(customerTokens.tokenHash, sha256(options.customerToken)),
      ),
    );
}
