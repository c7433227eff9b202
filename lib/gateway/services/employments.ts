import "server-only";
import { and, asc, eq, inArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import { createStatementCache } from "@/lib/db-kit/statements";
import type { Employment, EmploymentListItem, OnboardingTaskKey } from "@/lib/contract";
import { MANAGER_ROLES, ONBOARDING_TASK_KEYS } from "@/lib/contract";
import type { GatewayDeps, Principal } from "../context";
import { pageWindow, paginate, type PageParams } from "../pagination";
import type { DbOrTx } from "../db/client";
import { companies, companyUsers, departments, employmentFiles, employments } from "../db/schema";
import { anchorFor } from "../cache/page-anchors";
import { actionError, conflict, forbidden, notFound } from "../errors";

export type EmploymentRow = typeof employments.$inferSelect;

/** Task descriptions of spec 2.4, as the real service words them. */
export const ONBOARDING_TASK_DESCRIPTIONS: Record<OnboardingTaskKey, string> = {
  personal_details: "Personal details, such as name and date of birth.",
  address_details: "Primary residence.",
  administrative_details: "Information we need for tax purposes.",
  bank_account_details: "Bank account used for receiving salary payments.",
  billing_address_details: "Address associated with the employee's bank account.",
  contract_details: "Employee-specific details for their employment agreement.",
  emergency_contact_details: "Who should be called in an emergency.",
  employment_document_details: "We need some additional documents.",
  pricing_plan_details: "How often management fees are billed to the employer.",
};

/** Types and models for which only list and show exist (spec section 1). */
const READ_ONLY_TYPES = new Set(["contractor", "direct_employee", "global_payroll_employee"]);
const READ_ONLY_MODELS = new Set(["peo", "global_payroll"]);

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

/** The reason an operation is unavailable for this employment, or null (spec section 1). */
export function unavailableReason(e: Pick<EmploymentRow, "type" | "employmentModel">): string | null {
  if (READ_ONLY_TYPES.has(e.type)) return `Employments of type ${e.type} can only be listed and shown`;
  if (e.employmentModel && READ_ONLY_MODELS.has(e.employmentModel))
    return `Employments of the ${e.employmentModel} model can only be listed and shown`;
  return null;
}

export function assertOperationAvailable(e: Pick<EmploymentRow, "type" | "employmentModel">, action: string): void {
  const reason = unavailableReason(e);
  if (reason) throw actionError({ code: "operation_not_available", message: reason, action });
}

/** A company not in status active cannot manage employments (spec 4.1 rule 4). */
export async function assertCompanyActive(db: DbOrTx, companyId: string): Promise<void> {
  const [company] = await db.select({ status: companies.status }).from(companies).where(eq(companies.id, companyId));
  if (!company || company.status !== "active") {
    throw conflict(`Company needs to be in status active to manage employments (current status: ${company?.status ?? "unknown"})`);
  }
}

/** Loads an employment of the principal's company; other companies' employments are 404. */
export async function getEmploymentOrThrow(db: DbOrTx, companyId: string, id: string): Promise<EmploymentRow> {
  if (!UUID_RE.test(id)) throw notFound("Employment");
  const [row] = await db
    .select()
    .from(employments)
    .where(and(eq(employments.id, id), eq(employments.companyId, companyId)));
  if (!row || row.status === "deleted") throw notFound("Employment");
  return row;
}

/** People managers write only their reports; owners and admins write every employment of the company. */
export function assertCanWrite(principal: Principal, e: EmploymentRow): void {
  if (principal.kind === "client") throw forbidden();
  if (!principal.role || !MANAGER_ROLES.includes(principal.role)) throw forbidden();
  if (principal.role === "people_manager" && e.managerUserId !== principal.userId) throw forbidden();
}

/** Lists carry codes and name only: the full country (subdivisions…) is on show. */
function minimalCountry(deps: Pick<GatewayDeps, "forms">, code: string | null) {
  const c = code ? deps.forms.getCountry(code)?.country : undefined;
  return c ? { alpha_2_code: c.alpha_2_code, code: c.code, name: c.name } : null;
}

export interface ListEmploymentsOptions {
  companyId: string;
  statuses?: string[];
  email?: string;
  /** The provider's further filters: comma-separated types, one model, one short id. */
  types?: string[];
  model?: string;
  shortId?: string;
}

/**
 * A value of the list's filters as the query takes it: `asValue` gives the value itself (the anchors'
 * and an empty page's statements, built per use), `asPlaceholder` a placeholder of that name (the
 * page's statement, built once per shape).
 */
type Slot = (name: string, value: string) => string | Placeholder<string, string>;
const asValue: Slot = (_name, value) => value;
const asPlaceholder: Slot = (name) => sql.placeholder(name);

/** The list's filter: the company's employments (not deleted, unless asked by status) matching every filter given. */
function listFilter(o: ListEmploymentsOptions, slot: Slot): SQL | undefined {
  return and(
    eq(employments.companyId, slot("companyId", o.companyId)),
    o.statuses?.length
      ? inArray(
          employments.status,
          o.statuses.map((x, i) => slot(`status${i}`, x)),
        )
      : sql`${employments.status} <> 'deleted'`,
    o.email ? sql`lower(${employments.personalEmail}) = lower(${slot("email", o.email)})` : undefined,
    o.types?.length
      ? inArray(
          employments.type,
          o.types.map((x, i) => slot(`type${i}`, x)),
        )
      : undefined,
    o.model ? eq(employments.employmentModel, slot("model", o.model)) : undefined,
    o.shortId ? eq(employments.shortId, slot("shortId", o.shortId)) : undefined,
  );
}

/**
 * The SQL of a list's total: the sum of employment_counts rows (one per company, status, type and
 * model) matching the filters, or, for the selective e-mail and short id filters, an exact count.
 */
function totalCountSql(o: ListEmploymentsOptions, where: SQL | undefined, slot: Slot): SQL {
  if (o.email || o.shortId) return sql`SELECT count(*) FROM ${employments} WHERE ${where}`;
  const conditions = [sql`company_id = ${slot("companyId", o.companyId)}`];
  if (o.statuses?.length)
    conditions.push(
      sql`status IN (${sql.join(
        o.statuses.map((x, i) => sql`${slot(`status${i}`, x)}`),
        sql`, `,
      )})`,
    );
  else conditions.push(sql`status <> 'deleted'`);
  if (o.types?.length)
    conditions.push(
      sql`type IN (${sql.join(
        o.types.map((x, i) => sql`${slot(`type${i}`, x)}`),
        sql`, `,
      )})`,
    );
  if (o.model) conditions.push(sql`employment_model = ${slot("model", o.model)}`);
  return sql`SELECT coalesce(sum(n), 0) FROM employment_counts WHERE ${sql.join(conditions, sql` AND `)}`;
}

/** The columns of a list item, in the order of the page statement's rows. */
const LIST_COLUMNS = {
  id: employments.id,
  shortId: employments.shortId,
  fullName: employments.fullName,
  jobTitle: employments.jobTitle,
  personalEmail: employments.personalEmail,
  loginEmail: employments.loginEmail,
  workEmail: employments.workEmail,
  status: employments.status,
  type: employments.type,
  employmentModel: employments.employmentModel,
  lifecycleStage: employments.lifecycleStage,
  countryCode: employments.countryCode,
  departmentId: employments.departmentId,
  department: departments.name,
  externalId: employments.externalId,
  workAddressDetails: employments.workAddressDetails,
};
/** A list row's values by column name (as JSON gives them: the list reads no timestamp). */
type ListRecord = { [K in Exclude<keyof typeof LIST_COLUMNS, "department">]: EmploymentRow[K] } & { department: string | null };
/** Each column's place in a row of the page statement (the total comes last). */
const LIST_INDEX = Object.fromEntries(Object.keys(LIST_COLUMNS).map((name, i) => [name, i])) as Record<keyof ListRecord, number>;
const TOTAL_INDEX = Object.keys(LIST_COLUMNS).length;
const col = <K extends keyof ListRecord>(row: unknown[], name: K) => row[LIST_INDEX[name]] as ListRecord[K];

/** Page statements of the list, one per shape (which filters, how many values, anchored or not). */
const listStatements = createStatementCache({ columns: TOTAL_INDEX + 1 });

export async function listEmployments(deps: GatewayDeps, o: ListEmploymentsOptions, page: PageParams) {
  const { db } = deps;
  const { limit, offset } = pageWindow(page);
  const filterKey = JSON.stringify([o.statuses, o.email?.toLowerCase(), o.types, o.model, o.shortId]);
  const anchor = await anchorFor(db, db, o.companyId, filterKey, () => listFilter(o, asValue), offset);
  // Every value of the page statement by placeholder name; the names present are its shape.
  const values: Record<string, unknown> = { companyId: o.companyId };
  o.statuses?.forEach((x, i) => (values[`status${i}`] = x));
  if (o.email) values.email = o.email;
  o.types?.forEach((x, i) => (values[`type${i}`] = x));
  if (o.model) values.model = o.model;
  if (o.shortId) values.shortId = o.shortId;
  if (anchor) {
    values.afterCreatedAt = anchor.createdAt;
    values.afterId = anchor.id;
  }
  values.limit = limit;
  values.offset = anchor ? anchor.offset : offset;
  // The page by the (company_id, created_at, id) index family of migration 0007, and the total from
  // employment_counts (kept by triggers in every write transaction), not a count(*) of the company:
  // docs/decisions/bench-api-scale.md. E-mail and short id filters are selective: counted exactly.
  // The total rides on the page's own statement (an uncorrelated scalar subquery, evaluated once):
  // one statement per list, not two (PGlite runs one statement at a time, each with a fixed cost of
  // protocol messages, parse, plan and result decoding; PostgreSQL saves a round trip). Only a page
  // with no row (past the end, or nothing matches) asks for the total on its own.
  const rows = await listStatements.rows(
    db,
    Object.keys(values).join(","),
    () => {
      const where = listFilter(o, asPlaceholder);
      const after = sql`(employments.created_at, employments.id) > (${sql.placeholder("afterCreatedAt")}::timestamptz, ${sql.placeholder("afterId")}::uuid)`;
      return db
        .select({ ...LIST_COLUMNS, totalCount: sql<string | number>`(${totalCountSql(o, where, asPlaceholder)})` })
        .from(employments)
        .leftJoin(departments, eq(departments.id, employments.departmentId))
        .where(anchor ? and(where, after) : where)
        .orderBy(asc(employments.createdAt), asc(employments.id))
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"))
        .toSQL();
    },
    values,
  );
  const totalCount = Number(
    rows.length > 0
      ? (rows[0]![TOTAL_INDEX] as string | number | bigint)
      : ((
          (await db.execute<{ n: string | number }>(
            sql`SELECT (${totalCountSql(o, listFilter(o, asValue), asValue)}) AS n`,
          )) as unknown as {
            rows: Array<{ n: string | number }>;
          }
        ).rows[0]?.n ?? 0),
  );
  const items: EmploymentListItem[] = rows.map((r) => ({
    id: col(r, "id"),
    short_id: col(r, "shortId"),
    full_name: col(r, "fullName"),
    job_title: col(r, "jobTitle"),
    personal_email: col(r, "personalEmail"),
    login_email: col(r, "loginEmail"),
    work_email: col(r, "workEmail"),
    status: col(r, "status") as EmploymentListItem["status"],
    type: col(r, "type") as EmploymentListItem["type"],
    employment_model: col(r, "employmentModel") as EmploymentListItem["employment_model"],
    employment_lifecycle_stage: col(r, "lifecycleStage") as EmploymentListItem["employment_lifecycle_stage"],
    country: minimalCountry(deps, col(r, "countryCode")),
    department: col(r, "department") ?? null,
    department_id: col(r, "departmentId"),
    external_id: col(r, "externalId"),
    work_address_details: col(r, "workAddressDetails") ?? {},
  }));
  return paginate("employments", items, totalCount, page);
}

/**
 * The full record of spec 2.1 in one query: the row, its department, manager, manager's employment
 * and files (PGlite answers one query at a time, so the number of queries is the latency).
 */
export async function loadEmploymentView(deps: GatewayDeps, db: DbOrTx, companyId: string, id: string): Promise<Employment> {
  if (!UUID_RE.test(id)) throw notFound("Employment");
  const [hit] = await db
    .select({
      row: employments,
      department: departments.name,
      managerName: companyUsers.name,
      managerEmail: companyUsers.email,
      managerEmploymentId: sql<string | null>`(
        SELECT m.id FROM ${employments} m
        WHERE ${companyUsers.email} IS NOT NULL AND m.company_id = ${employments.companyId}
          AND lower(m.login_email) = lower(${companyUsers.email})
        ORDER BY m.created_at LIMIT 1)`,
      files: sql<{ id: string; name: string; type: string; sub_type: string | null; inserted_at: string }[]>`coalesce((
        SELECT json_agg(json_build_object(
          'id', f.id, 'name', f.name, 'type', f.type, 'sub_type', f.sub_type,
          'inserted_at', to_char(f.inserted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
          ORDER BY f.inserted_at, f.id)
        FROM ${employmentFiles} f WHERE f.employment_id = ${employments.id}), '[]'::json)`,
    })
    .from(employments)
    .leftJoin(departments, eq(departments.id, employments.departmentId))
    .leftJoin(companyUsers, eq(companyUsers.id, employments.managerUserId))
    .where(and(eq(employments.id, id), eq(employments.companyId, companyId)));
  if (!hit || hit.row.status === "deleted") throw notFound("Employment");
  return serializeEmployment(deps, hit.row, {
    department: hit.department ?? null,
    manager: hit.managerEmail ? { name: hit.managerName ?? "", email: hit.managerEmail } : null,
    managerEmploymentId: hit.managerEmploymentId ?? null,
    files: typeof hit.files === "string" ? (JSON.parse(hit.files) as Employment["files"]) : hit.files,
  });
}

/** The full record of a row just written (in its transaction). */
export const loadEmployment = (deps: GatewayDeps, db: DbOrTx, row: EmploymentRow): Promise<Employment> =>
  loadEmploymentView(deps, db, row.companyId, row.id);

/** `{[key]: value}` when the value is set, `{}` otherwise: the provider omits unset optional fields. */
function present<K extends string, V>(key: K, value: V | null | undefined): { [P in K]?: V } {
  return value === null || value === undefined ? {} : ({ [key]: value } as { [P in K]: V });
}

export function serializeEmployment(
  deps: Pick<GatewayDeps, "forms">,
  row: EmploymentRow,
  rel: {
    department: string | null;
    manager: { name: string; email: string } | null;
    managerEmploymentId: string | null;
    files: Employment["files"];
  },
): Employment {
  const isContractor = row.type === "contractor";
  const tasks = Object.fromEntries(
    ONBOARDING_TASK_KEYS.map((k) => [k, { description: ONBOARDING_TASK_DESCRIPTIONS[k], status: row.onboardingTasks[k] ?? "pending" }]),
  ) as Employment["onboarding_tasks"];
  return {
    id: row.id,
    short_id: row.shortId,
    company_id: row.companyId,
    type: row.type as Employment["type"],
    employment_model: row.employmentModel as Employment["employment_model"],
    status: row.status as Employment["status"],
    employment_lifecycle_stage: row.lifecycleStage as Employment["employment_lifecycle_stage"],
    user_status: (row.userStatus ?? undefined) as Employment["user_status"],
    full_name: row.fullName,
    job_title: row.jobTitle,
    personal_email: row.personalEmail,
    login_email: row.loginEmail,
    work_email: row.workEmail,
    ...present("manager", rel.manager?.name),
    manager_email: rel.manager?.email ?? null,
    manager_employment_id: rel.managerEmploymentId,
    department: rel.department,
    department_id: row.departmentId,
    // Optional strings the provider omits when unset (never null).
    ...present("external_id", row.externalId),
    ...present("provisional_start_date", row.provisionalStartDate),
    ...present("seniority_date", row.seniorityDate),
    ...present("probation_period_end_date", row.probationPeriodEndDate),
    ...present("active_contract_id", row.activeContractId),
    eligible_for_onboarding_cancellation:
      row.status !== "active" && row.status !== "archived" && row.status !== "offboarding" && row.status !== "deleted",
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    country: row.countryCode ? (deps.forms.getCountry(row.countryCode)?.country ?? null) : null,
    onboarding_tasks: tasks,
    pricing_plan_details: { frequency: ((row.pricingPlanDetails?.frequency as string | undefined) ?? "monthly") as "monthly" | "annually" },
    files: rel.files,
    personal_details: row.personalDetails ?? {},
    basic_information: row.basicInformation ?? {},
    address_details: row.addressDetails ?? {},
    work_address_details: row.workAddressDetails ?? {},
    billing_address_details: row.billingAddressDetails ?? {},
    administrative_details: row.administrativeDetails ?? {},
    contract_details: row.contractDetails ?? {},
    emergency_contact_details: row.emergencyContactDetails ?? {},
    bank_account_details: row.bankAccountDetails ?? [],
    ...(isContractor
      ? {
          ...present("contractor_type", row.contractorType as Employment["contractor_type"] | null),
          contractor_settings: row.contractorSettings ?? null,
          contractor_rate: (row.contractorRate ?? null) as Employment["contractor_rate"],
        }
      : {}),
  };
}
