import { createHash } from "node:crypto";
import { eq, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { beforeEach, describe, expect, it } from "vitest";
import {
  COMPANY_ROLES,
  EMPLOYMENT_MODELS,
  EMPLOYMENT_STATUSES,
  EMPLOYMENT_TYPES,
  LIFECYCLE_STAGES,
  ONBOARDING_TASK_KEYS,
  USER_STATUSES,
  type Environment,
  type FormName,
} from "@/lib/contract";
import { sha256 } from "../crypto";
import { truncateAll, type Db } from "../db/client";
import * as schema from "../db/schema";
import { companies, companyUsers, customerTokens, departments, employmentFiles, employments, oauthClients } from "../db/schema";
import { authenticateClient } from "../oauth/clients";
import { verifyPassword } from "../oauth/passwords";
import { getSharedTestDatabase } from "@/test-support/gateway/harness";
import { createFormRegistry, exampleSection, listFormNames } from "../forms";
import type { EmploymentRow } from "./build";
import { applyDemoAccess, buildDemoRows, DEMO, demoCompanyId, demoUserId, seedDemoData, SEED_MARKER_KEY } from "./index";

const PASSWORD = "correct horse battery staple";

/** Demo credentials as the start would pass them from the environment. */
function getEnvironmentConfig(prefix: string, suffix = "1") {
  return {
    client: {
      id: "roster-demo-console",
      secret: `demo-client-secret-${suffix}-0123456789`,
      redirectUris: [`http://127.0.0.1:3000/api/auth/callback/employment-api`, `http://127.0.0.1:${3000 + Number(suffix)}/cb`],
    },
    customerToken: `${prefix}demo_token_${suffix}_0123456789abcdef`,
    adminEmail: DEMO.adminEmail,
  };
}

/** Every row of every table, in a canonical order and form (password hashes are salted, so left out). */
async function canonicalDump(db: Db): Promise<string> {
  const normalise = (v: unknown): unknown =>
    v instanceof Date ? v.toISOString() : v instanceof Uint8Array ? Buffer.from(v).toString("base64") : v;
  const dump: Record<string, string[]> = {};
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const rows = (await db.select().from(table)) as Record<string, unknown>[];
    dump[getTableName(table)] = rows
      .map((row) =>
        JSON.stringify(
          Object.entries(row)
            .filter(([k]) => k !== "passwordHash")
            .map(([k, v]) => [k, normalise(v)]),
        ),
      )
      .sort();
  }
  return createHash("sha256").update(JSON.stringify(dump)).digest("hex");
}

function coverageOf(
  rows: {
    type: string;
    employmentModel: string | null;
    status: string;
    lifecycleStage: string;
    userStatus: string | null;
    countryCode: string | null;
  }[],
) {
  return {
    types: new Set(rows.map((r) => r.type)),
    models: new Set(rows.map((r) => r.employmentModel).filter((m): m is string => m !== null)),
    statuses: new Set(rows.map((r) => r.status)),
    stages: new Set(rows.map((r) => r.lifecycleStage)),
    userStatuses: new Set(rows.map((r) => r.userStatus)),
    countries: new Set(rows.map((r) => r.countryCode)),
  };
}

describe.each<Environment>(["sandbox", "production"])("demo seed (%s)", (environment) => {
  let db: Db;

  beforeEach(async () => {
    db = (await getSharedTestDatabase(environment)).db;
    await truncateAll(db);
  });

  it("writes the same rows every time, and only once", async () => {
    const first = await seedDemoData(db, { environment, password: PASSWORD });
    expect(first.seeded).toBe(true);
    const a = await canonicalDump(db);

    const [marker] = await db.select().from(schema.schemaInfo).where(eq(schema.schemaInfo.key, SEED_MARKER_KEY));
    expect(JSON.parse(marker!.value)).toEqual({ version: DEMO.seedVersion, environment });

    const again = await seedDemoData(db, { environment, password: "another password" });
    expect(again.seeded).toBe(false);
    expect(await canonicalDump(db)).toBe(a);
    expect(await db.$count(employments)).toBe(first.counts.employments);

    await truncateAll(db);
    await seedDemoData(db, { environment, password: PASSWORD });
    expect(await canonicalDump(db)).toBe(a);
  });

  it("covers every type, model, status, stage and user status across 8 countries", async () => {
    await seedDemoData(db, { environment, password: PASSWORD });
    const rows = await db.select().from(employments);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    const all = coverageOf(rows);
    expect([...all.types].sort()).toEqual([...EMPLOYMENT_TYPES].sort());
    expect([...all.models].sort()).toEqual([...EMPLOYMENT_MODELS].sort());
    expect([...all.statuses].sort()).toEqual([...EMPLOYMENT_STATUSES].sort());
    expect([...all.stages].sort()).toEqual([...LIFECYCLE_STAGES].sort());
    expect([...all.userStatuses].sort()).toEqual([...USER_STATUSES].sort());
    expect(all.countries.size).toBeGreaterThanOrEqual(8);

    const first = DEMO.environments[environment].companies[0]!;
    const mine = rows.filter((r) => r.companyId === demoCompanyId(environment, first.key));
    expect(mine.length).toBeGreaterThanOrEqual(25);
    const own = coverageOf(mine);
    expect(own.types.size).toBe(EMPLOYMENT_TYPES.length);
    expect(own.models.size).toBe(EMPLOYMENT_MODELS.length);
    expect(own.statuses.size).toBe(EMPLOYMENT_STATUSES.length);
    expect(own.countries.size).toBe(8);
  });

  it("has active and non-active companies, users in every role and departments", async () => {
    await seedDemoData(db, { environment, password: PASSWORD });
    const rows = await db.select().from(companies);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const first = rows.find((c) => c.id === demoCompanyId(environment, DEMO.environments[environment].companies[0]!.key));
    expect(first?.status).toBe("active");
    expect(rows.filter((c) => c.status === "active").length).toBeGreaterThanOrEqual(2);
    expect(rows.some((c) => c.status === "review" || c.status === "pending")).toBe(true);

    const users = await db.select().from(companyUsers);
    for (const company of rows) {
      const roles = new Set(users.filter((u) => u.companyId === company.id).map((u) => u.role));
      expect([...roles].sort()).toEqual([...COMPANY_ROLES].sort());
      expect((await db.select().from(departments).where(eq(departments.companyId, company.id))).length).toBeGreaterThan(0);
    }
    expect(users.find((u) => u.id === demoUserId(environment, "acme", "owner"))?.email).toBe(DEMO.adminEmail);
    // Every seeded user shares the demo password.
    expect(new Set(users.map((u) => u.passwordHash)).size).toBe(1);
    expect(await verifyPassword(users[0]!.passwordHash, PASSWORD)).toBe(true);
  });

  it("keeps onboarding tasks, sections, files and contractor fields consistent", async () => {
    await seedDemoData(db, { environment, password: PASSWORD });
    const rows = await db.select().from(employments);
    const files = await db.select().from(employmentFiles);
    const sectionOf: Record<string, keyof (typeof rows)[number]> = {
      personal_details: "personalDetails",
      address_details: "addressDetails",
      administrative_details: "administrativeDetails",
      bank_account_details: "bankAccountDetails",
      billing_address_details: "billingAddressDetails",
      contract_details: "contractDetails",
      emergency_contact_details: "emergencyContactDetails",
      employment_document_details: "employmentDocumentDetails",
      pricing_plan_details: "pricingPlanDetails",
    };
    let someCompleted = 0;
    let somePending = 0;
    for (const e of rows) {
      expect(Object.keys(e.onboardingTasks).sort()).toEqual([...ONBOARDING_TASK_KEYS].sort());
      for (const key of ONBOARDING_TASK_KEYS) {
        const value = e[sectionOf[key]!];
        const filled = Array.isArray(value) ? value.length > 0 : value !== null && Object.keys(value as object).length > 0;
        if (filled) expect(e.onboardingTasks[key], `${e.fullName} ${key}`).toBe("completed");
        if (e.onboardingTasks[key] === "completed") someCompleted++;
        else somePending++;
      }
      const basic = e.basicInformation as Record<string, unknown>;
      expect(basic).toMatchObject({ name: e.fullName, email: e.personalEmail, job_title: e.jobTitle });
      if (e.type !== "contractor") expect(["yes", "no"]).toContain(basic.has_seniority_date);
      expect(basic.provisional_start_date ?? null).toBe(e.provisionalStartDate);
      if (e.type === "contractor") {
        expect(["standard", "cor", "plus"]).toContain(e.contractorType);
        expect(typeof e.contractorSettings?.requires_work_confirmation).toBe("boolean");
      } else {
        expect(e.contractorType).toBeNull();
        expect(e.contractorRate).toBeNull();
      }
      if (e.status === "active") expect(e.lifecycleStage).toBe("onboarded");
    }
    expect(someCompleted).toBeGreaterThan(0);
    expect(somePending).toBeGreaterThan(0);
    const rates = rows.flatMap((e) => (e.contractorRate ? [e.contractorRate as { amount: { amount: number } }] : []));
    expect(rates.length).toBeGreaterThan(0);
    expect(rates.some((r) => !Number.isInteger(r.amount.amount))).toBe(true);

    expect(new Set(files.map((f) => f.type))).toEqual(new Set(["contract", "id", "tax_form"]));
    expect(files.filter((f) => f.type === "tax_form").every((f) => f.subType)).toBe(true);
    const pdf = files.find((f) => f.contentType === "application/pdf")!;
    expect(Buffer.from(pdf.content!).subarray(0, 5).toString()).toBe("%PDF-");

    expect(rows.some((e) => e.managerUserId)).toBe(true);
    expect(rows.some((e) => e.departmentId)).toBe(true);
    expect(rows.some((e) => e.externalId)).toBe(true);
    expect(rows.some((e) => !e.managerUserId)).toBe(true);

    // The demo company's people manager is also an employee, and manages some employments.
    const manager = DEMO.environments[environment].companies[0]!.users.people_manager;
    expect(rows.filter((e) => e.loginEmail === manager.email)).toHaveLength(1);
    expect(rows.some((e) => e.managerUserId === demoUserId(environment, "acme", "people_manager"))).toBe(true);
  });

  it("applies the demo credentials on every start, idempotently", async () => {
    await seedDemoData(db, { environment, password: PASSWORD });
    const prefix = environment === "sandbox" ? "ra_test_" : "ra_live_";
    const config = getEnvironmentConfig(prefix);
    await applyDemoAccess(db, { environment, ...config, password: PASSWORD });
    await applyDemoAccess(db, { environment, ...config, password: PASSWORD });

    expect(await authenticateClient(db, config.client.id, config.client.secret)).not.toBeNull();
    const tokens = await db.select().from(customerTokens);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ tokenHash: sha256(config.customerToken), userId: demoUserId(environment, "acme", "owner") });

    // Changed values take effect; the previous token stops working.
    const changed = { ...getEnvironmentConfig(prefix, "2"), adminEmail: "boss@acme.example" };
    await applyDemoAccess(db, { environment, ...changed, password: "new demo password" });
    expect(await authenticateClient(db, config.client.id, config.client.secret)).toBeNull();
    expect(await authenticateClient(db, changed.client.id, changed.client.secret)).not.toBeNull();
    const after = await db.select().from(customerTokens);
    expect(after.map((t) => t.tokenHash)).toEqual([sha256(changed.customerToken)]);
    const [owner] = await db
      .select()
      .from(companyUsers)
      .where(eq(companyUsers.id, demoUserId(environment, "acme", "owner")));
    expect(owner?.email).toBe("boss@acme.example");
    expect(await verifyPassword(owner?.passwordHash, "new demo password")).toBe(true);
    const [client] = await db.select().from(oauthClients).where(eq(oauthClients.id, config.client.id));
    expect(client?.redirectUris).toEqual(changed.client.redirectUris);
  });
});

describe("seeded sections", () => {
  it("are valid for their country's forms", () => {
    const registry = createFormRegistry({});
    const sections = {
      personalDetails: "personal_details",
      addressDetails: "address_details",
      workAddressDetails: "work_address_details",
      billingAddressDetails: "billing_address_details",
      administrativeDetails: "administrative_details",
      contractDetails: "contract_details",
      emergencyContactDetails: "emergency_contact_details",
      employmentDocumentDetails: "employment_document_details",
      pricingPlanDetails: "pricing_plan_details",
    } as const satisfies Partial<Record<keyof EmploymentRow, FormName>>;
    for (const environment of ["sandbox", "production"] as const) {
      const rows = buildDemoRows({ environment, passwordHash: null, forms: { exampleSection, listFormNames } });
      const errors: string[] = [];
      const check = (e: EmploymentRow, form: FormName, data: unknown) => {
        const result = registry.validate(e.countryCode!, form, data);
        if (result) errors.push(`${environment} ${e.fullName} (${e.countryCode}) ${form}: ${JSON.stringify(result)}`);
      };
      for (const e of rows.employments) {
        check(e, e.type === "contractor" ? "contractor_basic_information" : "employment_basic_information", e.basicInformation);
        for (const [column, form] of Object.entries(sections)) {
          const data = e[column as keyof EmploymentRow];
          if (data) check(e, form, data);
        }
        for (const account of e.bankAccountDetails ?? []) check(e, "bank_account_details", account);
      }
      expect(errors).toEqual([]);
    }
  });
});

describe("sandbox and production seeds", () => {
  it("never share ids or company names", () => {
    const forms = { listFormNames: () => [], exampleSection: () => ({}) };
    const sandbox = buildDemoRows({ environment: "sandbox", passwordHash: null, forms });
    const production = buildDemoRows({ environment: "production", passwordHash: null, forms });
    const ids = (rows: typeof sandbox) =>
      new Set([...rows.companies, ...rows.users, ...rows.departments, ...rows.employments, ...rows.files].map((r) => r.id));
    const a = ids(sandbox);
    const b = ids(production);
    expect([...a].filter((id) => b.has(id))).toEqual([]);
    const names = new Set(production.companies.map((c) => c.name));
    expect(sandbox.companies.filter((c) => names.has(c.name))).toEqual([]);
    expect(sandbox.employments.map((e) => e.fullName)).not.toEqual(production.employments.map((e) => e.fullName));
  });

  it("builds identical rows from identical inputs", () => {
    const forms = { listFormNames: () => ["personal_details"], exampleSection: (c: string, f: string, v = 0) => ({ c, f, v }) };
    const one = buildDemoRows({ environment: "sandbox", passwordHash: "x", forms });
    const two = buildDemoRows({ environment: "sandbox", passwordHash: "x", forms });
    expect(one).toEqual(two);
  });
});
