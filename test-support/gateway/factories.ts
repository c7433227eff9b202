import "server-only";
import { randomUUID } from "node:crypto";
import {
  AUTHORIZATION_CODE_SCOPES,
  CLIENT_CREDENTIALS_SCOPES,
  ONBOARDING_TASK_KEYS,
  type CompanyRole,
  type Environment,
} from "@/lib/contract";
import { randomToken, sha256 } from "@/lib/gateway/crypto";
import type { DbOrTx } from "@/lib/gateway/db/client";
import {
  accessTokens,
  companies,
  companyUsers,
  customerTokens,
  departments,
  employments,
  oauthClients,
  oauthGrants,
} from "@/lib/gateway/db/schema";

// Rows for tests, written straight to the database: each test builds the data it reads.

const now = () => new Date();
let n = 0;
const seq = () => ++n;

export async function makeCompany(db: DbOrTx, over: Partial<typeof companies.$inferInsert> = {}) {
  const row = { id: randomUUID(), name: `Company ${seq()}`, status: "active", countryCode: "PRT", createdAt: now(), ...over };
  await db.insert(companies).values(row);
  return row;
}

export async function makeUser(db: DbOrTx, companyId: string, over: Partial<typeof companyUsers.$inferInsert> = {}) {
  const i = seq();
  const row = {
    id: randomUUID(),
    companyId,
    name: `User ${i}`,
    email: `user${i}-${randomUUID().slice(0, 8)}@example.test`,
    role: "admin" as CompanyRole,
    status: "active",
    passwordHash: null,
    createdAt: now(),
    ...over,
  };
  await db.insert(companyUsers).values(row);
  return row;
}

export async function makeDepartment(db: DbOrTx, companyId: string, name = `Department ${seq()}`) {
  const row = { id: randomUUID(), companyId, name, createdAt: now() };
  await db.insert(departments).values(row);
  return row;
}

export async function makeEmployment(db: DbOrTx, companyId: string, over: Partial<typeof employments.$inferInsert> = {}) {
  const i = seq();
  const row: typeof employments.$inferInsert = {
    id: randomUUID(),
    shortId: `T${String(i).padStart(5, "0")}`,
    companyId,
    type: "employee",
    employmentModel: "eor",
    status: "created",
    lifecycleStage: "employment_creation",
    userStatus: "created",
    fullName: `Worker ${i}`,
    jobTitle: "Engineer",
    personalEmail: `worker${i}@example.test`,
    loginEmail: `worker${i}@example.test`,
    workEmail: `worker${i}@work.example.test`,
    countryCode: "PRT",
    provisionalStartDate: "2026-03-01",
    basicInformation: {
      name: `Worker ${i}`,
      email: `worker${i}@example.test`,
      job_title: "Engineer",
      provisional_start_date: "2026-03-01",
      has_seniority_date: "no",
    },
    onboardingTasks: Object.fromEntries(ONBOARDING_TASK_KEYS.map((k) => [k, "pending" as const])),
    createdAt: new Date(Date.now() - 1000 * (1000 - i)),
    updatedAt: now(),
    ...over,
  };
  await db.insert(employments).values(row);
  return row as typeof employments.$inferSelect;
}

/** A Customer API token for a user; returns the plaintext. */
export async function makeCustomerToken(
  db: DbOrTx,
  environment: Environment,
  user: { id: string; companyId: string },
  scopes: readonly string[] = AUTHORIZATION_CODE_SCOPES,
) {
  const token = `${environment === "sandbox" ? "ra_test_" : "ra_live_"}${randomToken()}`;
  await db.insert(customerTokens).values({
    id: randomUUID(),
    tokenHash: sha256(token),
    companyId: user.companyId,
    userId: user.id,
    name: "test",
    scopes: [...scopes],
    createdAt: now(),
  });
  return token;
}

export async function makeClient(db: DbOrTx, over: { id?: string; secret?: string; redirectUris?: string[]; scopes?: string[] } = {}) {
  const id = over.id ?? `client_${randomToken(9)}`;
  const secret = over.secret ?? randomToken();
  await db.insert(oauthClients).values({
    id,
    name: `Test client ${id}`,
    secretHash: sha256(secret),
    redirectUris: over.redirectUris ?? ["http://127.0.0.1:3000/api/auth/callback/employment-api"],
    scopes: over.scopes ?? [...new Set([...AUTHORIZATION_CODE_SCOPES, ...CLIENT_CREDENTIALS_SCOPES])],
    createdAt: now(),
  });
  return { id, secret };
}

/** An access token of an authorization-code grant (company + user) or of client credentials (client only). */
export async function makeAccessToken(
  db: DbOrTx,
  options: { clientId: string; user?: { id: string; companyId: string }; scopes?: readonly string[]; expiresAt?: Date },
) {
  const token = randomToken();
  let grantId: string | null = null;
  if (options.user) {
    grantId = randomUUID();
    await db.insert(oauthGrants).values({
      id: grantId,
      clientId: options.clientId,
      companyId: options.user.companyId,
      userId: options.user.id,
      scopes: [...(options.scopes ?? AUTHORIZATION_CODE_SCOPES)],
      refreshTokenHash: sha256(randomToken()),
      createdAt: now(),
    });
  }
  await db.insert(accessTokens).values({
    tokenHash: sha256(token),
    clientId: options.clientId,
    grantId,
    companyId: options.user?.companyId ?? null,
    userId: options.user?.id ?? null,
    scopes: [...(options.scopes ?? (options.user ? AUTHORIZATION_CODE_SCOPES : CLIENT_CREDENTIALS_SCOPES))],
    expiresAt: options.expiresAt ?? new Date(Date.now() + 3600_000),
    createdAt: now(),
  });
  return { token, grantId };
}

/** A company with an owner, an admin, a people manager and an onboarding manager, and a customer token per user. */
export async function makeTenant(db: DbOrTx, environment: Environment, over: Partial<typeof companies.$inferInsert> = {}) {
  const company = await makeCompany(db, over);
  const owner = await makeUser(db, company.id, { role: "owner", name: "Olivia Owner" });
  const admin = await makeUser(db, company.id, { role: "admin", name: "Adam Admin" });
  const peopleManager = await makeUser(db, company.id, { role: "people_manager", name: "Pat Manager" });
  const onboardingManager = await makeUser(db, company.id, { role: "onboarding_manager", name: "Ona Onboarding" });
  const tokens = {
    owner: await makeCustomerToken(db, environment, owner),
    admin: await makeCustomerToken(db, environment, admin),
    peopleManager: await makeCustomerToken(db, environment, peopleManager),
    onboardingManager: await makeCustomerToken(db, environment, onboardingManager),
  };
  return { company, owner, admin, peopleManager, onboardingManager, tokens };
}
