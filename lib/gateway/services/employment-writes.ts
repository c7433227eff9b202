import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import {
  MANAGER_ROLES,
  ONBOARDING_TASK_KEYS,
  type CompanyRole,
  type CreateEmploymentBody,
  type Employment,
  type EmploymentBasic,
  type EmploymentSection,
  type FormName,
  type OnboardingTaskKey,
  type UpdateEmploymentV1Body,
  type UpdateEmploymentV2Body,
} from "@/lib/contract";
import type { GatewayDeps, Principal } from "../context";
import type { DbOrTx, Tx } from "../db/client";
import { companyUsers, departments, employments } from "../db/schema";
import { ApiError, actionError, addFieldError, fieldErrors, parameterError } from "../errors";
import { makeEmploymentAgreementAvailable } from "./employment-agreements";
import { emitEvent } from "./outbox";
import {
  UUID_RE,
  assertCanWrite,
  assertCompanyActive,
  assertOperationAvailable,
  getEmploymentOrThrow,
  loadEmployment,
  type EmploymentRow,
} from "./employments";

type Row = EmploymentRow;
type RowUpdate = Partial<typeof employments.$inferInsert>;

/** The country form that validates each section of an employment. */
export const SECTION_FORMS: Record<EmploymentSection, FormName> = {
  basic_information: "employment_basic_information",
  personal_details: "personal_details",
  address_details: "address_details",
  work_address_details: "work_address_details",
  billing_address_details: "billing_address_details",
  administrative_details: "administrative_details",
  contract_details: "contract_details",
  emergency_contact_details: "emergency_contact_details",
  bank_account_details: "bank_account_details",
  pricing_plan_details: "pricing_plan_details",
  employment_document_details: "employment_document_details",
};

const SECTION_COLUMNS = {
  basic_information: "basicInformation",
  personal_details: "personalDetails",
  address_details: "addressDetails",
  work_address_details: "workAddressDetails",
  billing_address_details: "billingAddressDetails",
  administrative_details: "administrativeDetails",
  contract_details: "contractDetails",
  emergency_contact_details: "emergencyContactDetails",
  bank_account_details: "bankAccountDetails",
  pricing_plan_details: "pricingPlanDetails",
  employment_document_details: "employmentDocumentDetails",
} as const satisfies Record<EmploymentSection, keyof Row>;

/** Statuses in which nothing can be changed any more. */
const CLOSED_STATUSES = new Set(["offboarding", "archived", "deleted"]);
/** What an active employment may still change (spec 4.2, change of 2023-09-21). */
const ACTIVE_UPDATABLE = new Set(["manager_id", "address_details", "emergency_contact_details"]);

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);
const idOf = (v: unknown): string | null | undefined => {
  if (v === null) return null;
  if (v && typeof v === "object" && "id" in v) return (v as { id: unknown }).id === null ? null : str((v as { id: unknown }).id);
  return undefined;
};

/** Validates one section with the country's form; errors are prefixed with the section name. */
function validateSection(deps: GatewayDeps, country: string, section: EmploymentSection, data: unknown, errors: Record<string, string[]>) {
  const form = SECTION_FORMS[section];
  if (!deps.forms.getForm(country, form)) {
    addFieldError(errors, section, "Form not available for requested country");
    return;
  }
  const items = section === "bank_account_details" && Array.isArray(data) ? data : [data];
  items.forEach((item, i) => {
    const result = deps.forms.validate(country, form, item);
    const prefix = items.length > 1 ? `${section}.${i}` : section;
    for (const [field, messages] of Object.entries(result ?? {})) {
      for (const m of messages) addFieldError(errors, field === "" ? prefix : `${prefix}.${field}`, m);
    }
  });
}

async function assertManager(db: DbOrTx, companyId: string, managerId: string, field: string, errors: Record<string, string[]>) {
  if (!UUID_RE.test(managerId)) {
    addFieldError(errors, field, "is not a user of this company");
    return;
  }
  const [user] = await db
    .select({ role: companyUsers.role })
    .from(companyUsers)
    .where(and(eq(companyUsers.id, managerId), eq(companyUsers.companyId, companyId)));
  if (!user) addFieldError(errors, field, "is not a user of this company");
  else if (!MANAGER_ROLES.includes(user.role as CompanyRole))
    addFieldError(errors, field, "must be a user with role admin, owner or people_manager");
}

async function assertDepartment(db: DbOrTx, companyId: string, departmentId: string, field: string, errors: Record<string, string[]>) {
  const [dept] = UUID_RE.test(departmentId)
    ? await db.select({ companyId: departments.companyId }).from(departments).where(eq(departments.id, departmentId))
    : [];
  if (!dept || dept.companyId !== companyId) addFieldError(errors, field, "must be a department of the employment's company");
}

/** Task keys whose section is filled by this change, and events for newly completed tasks and onboarding. */
async function completeTasks(tx: Tx, now: Date, row: Row, filled: OnboardingTaskKey[]): Promise<Record<string, "completed" | "pending">> {
  const tasks = { ...row.onboardingTasks };
  const newly = filled.filter((k) => tasks[k] !== "completed");
  for (const k of newly) {
    tasks[k] = "completed";
    await emitEvent(tx, now, "employment.onboarding_task.completed", {
      employment_id: row.id,
      company_id: row.companyId,
      onboarding_task: k,
    });
  }
  if (newly.length > 0 && ONBOARDING_TASK_KEYS.every((k) => tasks[k] === "completed")) {
    await emitEvent(tx, now, "employment.onboarding.completed", { employment_id: row.id, company_id: row.companyId });
  }
  return tasks;
}

function fieldsFromBasicInformation(bi: Record<string, unknown>): RowUpdate {
  const out: RowUpdate = {};
  if (str(bi.name)) out.fullName = str(bi.name);
  if (str(bi.email)) out.personalEmail = str(bi.email);
  if ("job_title" in bi) out.jobTitle = str(bi.job_title) ?? null;
  if (str(bi.provisional_start_date)) out.provisionalStartDate = str(bi.provisional_start_date);
  if ("seniority_date" in bi || bi.has_seniority_date === "no") out.seniorityDate = str(bi.seniority_date) ?? null;
  if (str(bi.work_email)) out.workEmail = str(bi.work_email);
  return out;
}

async function saveAndLoad(deps: GatewayDeps, tx: Tx, row: Row, update: RowUpdate): Promise<Employment> {
  const [saved] = await tx
    .update(employments)
    .set({ ...update, updatedAt: deps.clock.now() })
    .where(eq(employments.id, row.id))
    .returning();
  return loadEmployment(deps, tx, saved!);
}

async function emitDetailChanges(tx: Tx, now: Date, before: Row, update: RowUpdate) {
  const ids = { employment_id: before.id, company_id: before.companyId };
  const changed = (k: keyof RowUpdate & keyof Row) => k in update && update[k] !== undefined && update[k] !== before[k];
  if (changed("departmentId") || changed("managerUserId")) await emitEvent(tx, now, "employment.details.updated", ids);
  if (changed("workEmail") || changed("loginEmail")) await emitEvent(tx, now, "employment.account.updated", ids);
}

/** PUT/PATCH /v2/employments/{id}: the four properties of spec 4.1. */
export async function updateEmploymentV2(deps: GatewayDeps, principal: Principal, id: string, body: UpdateEmploymentV2Body) {
  const companyId = principal.companyId!;
  return deps.db.transaction(async (tx) => {
    const row = await getEmploymentOrThrow(tx, companyId, id);
    assertCanWrite(principal, row);
    await assertCompanyActive(tx, companyId);
    assertOperationAvailable(row, "update_employment");
    const errors: Record<string, string[]> = {};
    const update: RowUpdate = {};
    if (body.department_id !== undefined) {
      if (body.department_id !== null) await assertDepartment(tx, companyId, body.department_id, "department_id", errors);
      update.departmentId = body.department_id;
    }
    if (body.manager_id !== undefined) {
      await assertManager(tx, companyId, body.manager_id, "manager_id", errors);
      update.managerUserId = body.manager_id;
    }
    if (body.external_id !== undefined) update.externalId = body.external_id;
    if (body.work_email !== undefined) update.workEmail = body.work_email;
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
    const now = deps.clock.now();
    await emitDetailChanges(tx, now, row, update);
    return saveAndLoad(deps, tx, row, update);
  });
}

/** PATCH/PUT /v1/employments/{id}: country-form sections, validated against the country's schemas. */
export async function updateEmploymentV1(deps: GatewayDeps, principal: Principal, id: string, body: UpdateEmploymentV1Body) {
  const companyId = principal.companyId!;
  return deps.db.transaction(async (tx) => {
    const row = await getEmploymentOrThrow(tx, companyId, id);
    assertCanWrite(principal, row);
    await assertCompanyActive(tx, companyId);
    assertOperationAvailable(row, "update_employment");
    if (CLOSED_STATUSES.has(row.status)) {
      throw actionError({
        code: "employment_not_editable",
        message: `An employment in status ${row.status} cannot be updated`,
        action: "update_employment",
      });
    }
    // Properties of the provider's EmploymentFullParams that identify the record: checked, never changed.
    const errors: Record<string, string[]> = {};
    if (body.company_id !== undefined && body.company_id !== row.companyId)
      addFieldError(errors, "company_id", "must be the employment's company");
    const countryGiven = body.country_code ?? body.country?.code;
    if (countryGiven !== undefined && countryGiven.toUpperCase() !== row.countryCode)
      addFieldError(errors, body.country_code !== undefined ? "country_code" : "country.code", "cannot be changed");
    if (body.type !== undefined && body.type !== row.type) addFieldError(errors, "type", "cannot be changed");
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
    const IDENTIFYING = new Set(["company_id", "country_code", "country", "type"]);
    const given = Object.keys(body).filter((k) => body[k as keyof UpdateEmploymentV1Body] !== undefined && !IDENTIFYING.has(k));
    if (row.status === "active") {
      const refused = given.filter((k) => !ACTIVE_UPDATABLE.has(k));
      if (refused.length > 0) {
        throw parameterError(
          refused.map((param) => ({
            code: "not_updatable_when_active",
            message: `${param} cannot be changed once the employment is active; only manager_id, address_details and emergency_contact_details can`,
            param,
          })),
        );
      }
    }
    const country = row.countryCode;
    const update: RowUpdate = {};
    const filled: OnboardingTaskKey[] = [];
    for (const section of Object.keys(SECTION_FORMS) as EmploymentSection[]) {
      const data = body[section];
      if (data === undefined) continue;
      if (!country) {
        addFieldError(errors, section, "The employment has no country");
        continue;
      }
      validateSection(deps, country, section, data, errors);
      const column = SECTION_COLUMNS[section];
      if (section === "bank_account_details") update.bankAccountDetails = Array.isArray(data) ? data : [data as Record<string, unknown>];
      else (update as Record<string, unknown>)[column] = data;
      if ((ONBOARDING_TASK_KEYS as readonly string[]).includes(section)) filled.push(section as OnboardingTaskKey);
    }
    if (body.basic_information) {
      Object.assign(update, fieldsFromBasicInformation(body.basic_information));
      const managerId = idOf(body.basic_information.manager);
      if (managerId) await assertManager(tx, row.companyId, managerId, "basic_information.manager.id", errors);
      if (managerId !== undefined) update.managerUserId = managerId;
      const departmentId = idOf(body.basic_information.department);
      if (departmentId) await assertDepartment(tx, row.companyId, departmentId, "basic_information.department.id", errors);
      if (departmentId !== undefined) update.departmentId = departmentId;
    }
    if (body.manager_id !== undefined) {
      await assertManager(tx, row.companyId, body.manager_id, "manager_id", errors);
      update.managerUserId = body.manager_id;
    }
    if (body.external_id !== undefined) update.externalId = body.external_id;
    if (body.department_id !== undefined) {
      if (body.department_id !== null) await assertDepartment(tx, row.companyId, body.department_id, "department_id", errors);
      update.departmentId = body.department_id;
    }
    if (body.work_email !== undefined) update.workEmail = body.work_email;
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);

    const now = deps.clock.now();
    const ids = { employment_id: row.id, company_id: row.companyId };
    update.onboardingTasks = await completeTasks(tx, now, row, filled);
    // The agreement is drawn up from the contract details once that task completes (spec 6.1).
    if (row.onboardingTasks.contract_details !== "completed" && update.onboardingTasks.contract_details === "completed") {
      await makeEmploymentAgreementAvailable(tx, now, { ...row, ...update }, update.contractDetails ?? {});
    }
    await emitDetailChanges(tx, now, row, update);
    if (body.personal_details) await emitEvent(tx, now, "employment.personal_information.updated", ids);
    if (body.administrative_details)
      await emitEvent(tx, now, "employment.administrative_details.updated", { employment_slug: row.id, company_id: row.companyId });
    return saveAndLoad(deps, tx, row, update);
  });
}

const SHORT_ID_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
function shortId(): string {
  const bytes = randomUUID().replace(/-/g, "");
  let out = "";
  for (let i = 0; i < 6; i++) out += SHORT_ID_ALPHABET[parseInt(bytes.slice(i * 2, i * 2 + 2), 16) % SHORT_ID_ALPHABET.length];
  return out;
}

/** POST /v1/employments: a new employment from the country's basic information form. */
export async function createEmployment(deps: GatewayDeps, principal: Principal, body: CreateEmploymentBody) {
  const companyId = principal.companyId!;
  if (body.company_id !== undefined && body.company_id !== companyId) throw fieldErrors({ company_id: ["must be the token's company"] });
  const code = body.country_code.toUpperCase();
  if (!/^[A-Z]{3}$/.test(code) || !deps.forms.getCountry(code)) throw new ApiError("not_found", { message: "Country not found" });
  const model = body.employment_model ?? "eor";
  assertOperationAvailable({ type: body.type, employmentModel: model }, "create_employment");
  return deps.db.transaction(async (tx) => {
    await assertCompanyActive(tx, companyId);
    const errors: Record<string, string[]> = {};
    validateSection(deps, code, "basic_information", body.basic_information, errors);
    const bi = body.basic_information;
    const managerId = idOf(bi.manager);
    if (managerId) await assertManager(tx, companyId, managerId, "basic_information.manager.id", errors);
    const departmentId = idOf(bi.department);
    if (departmentId) await assertDepartment(tx, companyId, departmentId, "basic_information.department.id", errors);
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
    const now = deps.clock.now();
    const fields = fieldsFromBasicInformation(bi);
    const personalEmail = fields.personalEmail!;
    const [row] = await tx
      .insert(employments)
      .values({
        id: randomUUID(),
        shortId: shortId(),
        companyId,
        userId: randomUUID(),
        type: body.type,
        employmentModel: model,
        status: "created",
        lifecycleStage: "employment_creation",
        userStatus: "created",
        fullName: fields.fullName!,
        jobTitle: fields.jobTitle ?? null,
        personalEmail,
        loginEmail: personalEmail,
        workEmail: fields.workEmail ?? personalEmail,
        managerUserId: managerId ?? null,
        departmentId: departmentId ?? null,
        externalId: body.external_id ?? null,
        provisionalStartDate: fields.provisionalStartDate ?? null,
        seniorityDate: fields.seniorityDate ?? null,
        activeContractId: randomUUID(),
        countryCode: code,
        basicInformation: bi,
        pricingPlanDetails: { frequency: "monthly" },
        onboardingTasks: Object.fromEntries(ONBOARDING_TASK_KEYS.map((k) => [k, "pending" as const])),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (managerId || departmentId)
      await emitEvent(tx, now, "employment.details.updated", { employment_id: row!.id, company_id: companyId });
    return basicEmployment(row!);
  });
}

/** The provider's EmploymentBasicResponse of a row just created. */
function basicEmployment(row: Row): EmploymentBasic {
  return {
    id: row.id,
    company_id: row.companyId,
    country_code: row.countryCode ?? "",
    type: row.type as EmploymentBasic["type"],
    full_name: row.fullName,
    job_title: row.jobTitle,
    personal_email: row.personalEmail,
    login_email: row.loginEmail,
    employment_lifecycle_stage: row.lifecycleStage as EmploymentBasic["employment_lifecycle_stage"],
    ...(row.provisionalStartDate ? { provisional_start_date: row.provisionalStartDate } : {}),
    basic_information: row.basicInformation ?? {},
    created_at: row.createdAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
    updated_at: row.updatedAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
  };
}

/** Statuses from which an employee can be invited to self-enrol. */
const INVITABLE = new Set(["created", "created_reserve_paid", "initiated", "pre_hire"]);

/** POST /v1/employments/{id}/invite. */
export async function inviteEmployment(deps: GatewayDeps, principal: Principal, id: string) {
  const companyId = principal.companyId!;
  await deps.db.transaction(async (tx) => {
    const row = await getEmploymentOrThrow(tx, companyId, id);
    assertCanWrite(principal, row);
    await assertCompanyActive(tx, companyId);
    assertOperationAvailable(row, "invite_employment");
    if (!INVITABLE.has(row.status)) {
      throw actionError({
        code: "employment_not_invitable",
        message: `An employment in status ${row.status} cannot be invited; it must be created and not yet invited`,
        action: "invite_employment",
      });
    }
    await tx
      .update(employments)
      .set({ status: "invited", lifecycleStage: "employee_self_enrollment", userStatus: "initiated", updatedAt: deps.clock.now() })
      .where(eq(employments.id, row.id));
  });
}

/** PUT/PATCH /v1/sandbox/employments/{id}: activates a newly created employment (spec 3.1). */
export async function sandboxUpdateEmployment(
  deps: GatewayDeps,
  principal: Principal,
  id: string,
  body: { status?: "active"; provisional_start_date?: string },
) {
  const companyId = principal.companyId!;
  return deps.db.transaction(async (tx) => {
    const row = await getEmploymentOrThrow(tx, companyId, id);
    assertCanWrite(principal, row);
    if (CLOSED_STATUSES.has(row.status)) {
      throw actionError({
        code: "employment_not_editable",
        message: `An employment in status ${row.status} cannot be activated`,
        action: "sandbox_update_employment",
      });
    }
    const update: RowUpdate = {};
    if (body.provisional_start_date) update.provisionalStartDate = body.provisional_start_date;
    const now = deps.clock.now();
    if (body.status === "active" || Object.keys(body).length === 0) {
      if (row.status !== "active") {
        Object.assign(update, { status: "active", lifecycleStage: "onboarded", userStatus: "active" });
        if (row.userStatus !== "active")
          await emitEvent(tx, now, "employment.user_status.activated", { employment_id: row.id, company_id: row.companyId });
      }
    }
    return saveAndLoad(deps, tx, row, update);
  });
}
