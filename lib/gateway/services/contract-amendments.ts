import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import {
  CONTRACT_AMENDMENT_REASONS,
  OPEN_CONTRACT_AMENDMENT_STATUSES,
  SALARY_DECREASE_REASONS,
  type ContractAmendmentReason,
  type ContractAmendment,
  type ContractAmendmentListQuery,
  type ContractAmendmentListResponse,
  type ContractAmendmentStatus,
  type ContractChanges,
  type ContractPendingChangesResponse,
  type CreateContractAmendmentBody,
  type SandboxUpdateContractAmendmentBody,
} from "@/lib/contract";
import type { GatewayDeps, Principal } from "../context";
import { pageWindow, paginate, type PageParams } from "../pagination";
import type { DbOrTx } from "../db/client";
import { contractAmendments, employments } from "../db/schema";
import { actionError, addFieldError, fieldErrors, notFound } from "../errors";
import {
  UUID_RE,
  assertCanWrite,
  assertCompanyActive,
  assertOperationAvailable,
  getEmploymentOrThrow,
  type EmploymentRow,
} from "./employments";
import { emitEvent } from "./outbox";
import { currencyOfCountry } from "./payslips-compute";
import { amendedTerms, applyChanges, automatability, currentTerms, diffTerms, SALARY_KEY } from "./contract-amendments-terms";

export type ContractAmendmentRow = typeof contractAmendments.$inferSelect;

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");
const isCalendarDate = (v: unknown): v is string => {
  if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v : null);

/** Statuses in which an employment's contract can no longer be amended. */
const CLOSED_STATUSES = new Set(["offboarding", "archived", "deleted"]);

/** Reasons of earlier built-in forms, stored before the forms took the provider's values. */
const LEGACY_REASONS: Record<string, ContractAmendmentReason> = {
  annual_review: "annual_pay_adjustment",
  role_change: "job_change_reevaluation",
  schedule_change: "job_change_reevaluation",
  correction: "error_correction",
};

/** A stored reason as one of the provider's values; undefined when none was given. */
export function providerReason(reason: string | null): ContractAmendmentReason | undefined {
  if (reason === null || reason === "") return undefined;
  if ((CONTRACT_AMENDMENT_REASONS as readonly string[]).includes(reason)) return reason as ContractAmendmentReason;
  return LEGACY_REASONS[reason] ?? "other";
}

export function serializeContractAmendment(row: ContractAmendmentRow, currency: string): ContractAmendment {
  const salary = row.changes[SALARY_KEY];
  const lowered = !!salary && typeof salary.previous === "number" && typeof salary.current === "number" && salary.current < salary.previous;
  const decreaseReason = str(row.data.salary_decrease_reason);
  const decreaseDescription = str(row.data.salary_decrease_reason_description);
  const informed = row.data.was_employee_informed;
  const reason = providerReason(row.reason);
  const comments = str(row.data.additional_comments);
  // Optional fields the request did not give are absent, as on the provider.
  return {
    id: row.id,
    employment_id: row.employmentId,
    amendment_contract_id: row.amendmentContractId,
    changes: salary ? { ...row.changes, [SALARY_KEY]: { ...salary, currency } } : row.changes,
    requested_by: row.requestedBy,
    request_details: {
      ...(comments !== null ? { additional_comments: comments } : {}),
      effective_date: row.effectiveDate,
      ...(reason ? { reason_for_change: reason } : {}),
      ...(row.reasonDescription !== null ? { reason_for_change_description: row.reasonDescription } : {}),
      ...(lowered
        ? {
            salary_decrease_details: {
              ...((SALARY_DECREASE_REASONS as readonly string[]).includes(decreaseReason ?? "")
                ? { salary_decrease_reason: decreaseReason as (typeof SALARY_DECREASE_REASONS)[number] }
                : {}),
              ...(decreaseDescription !== null ? { salary_decrease_reason_description: decreaseDescription } : {}),
              ...(informed !== undefined && informed !== null ? { was_employee_informed: String(informed) } : {}),
            },
          }
        : {}),
    },
    status: row.status as ContractAmendmentStatus,
    submitted_at: iso(row.submittedAt),
    zendesk_ticket_url: null,
  };
}

async function serializeWithCurrency(deps: GatewayDeps, db: DbOrTx, row: ContractAmendmentRow): Promise<ContractAmendment> {
  const [e] = await db.select({ countryCode: employments.countryCode }).from(employments).where(eq(employments.id, row.employmentId));
  return serializeContractAmendment(row, currencyOfCountry(deps.forms, e?.countryCode));
}

export async function listContractAmendments(
  db: DbOrTx,
  companyId: string,
  q: ContractAmendmentListQuery,
  page: PageParams,
): Promise<ContractAmendmentListResponse> {
  if (q.employment_id !== undefined) await getEmploymentOrThrow(db, companyId, q.employment_id);
  const conditions: (SQL | undefined)[] = [
    eq(contractAmendments.companyId, companyId),
    q.employment_id ? eq(contractAmendments.employmentId, q.employment_id) : undefined,
    q.status?.length ? inArray(contractAmendments.status, q.status) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ a: contractAmendments, jobTitle: employments.jobTitle })
      .from(contractAmendments)
      .leftJoin(employments, eq(employments.id, contractAmendments.employmentId))
      .where(where)
      .orderBy(desc(contractAmendments.submittedAt), asc(contractAmendments.id))
      .limit(pageWindow(page).limit)
      .offset(pageWindow(page).offset),
    db.select({ n: count() }).from(contractAmendments).where(where),
  ]);
  const totalCount = Number(total?.n ?? 0);
  return paginate(
    "contract_amendments",
    rows.map(({ a, jobTitle }) => ({
      id: a.id,
      employment_id: a.employmentId,
      ...(jobTitle ? { job_title: jobTitle } : {}),
      // Required on the provider's list item: a request without a reason (the provider's "N/A") lists as other.
      reason_for_change: providerReason(a.reason) ?? "other",
      requested_by: a.requestedBy,
      requested_effective_date: a.effectiveDate,
      status: a.status as ContractAmendmentStatus,
      submitted_at: iso(a.submittedAt),
    })),
    totalCount,
    page,
  );
}

export async function getContractAmendmentOrThrow(db: DbOrTx, companyId: string, id: string): Promise<ContractAmendmentRow> {
  if (!UUID_RE.test(id)) throw notFound("Contract amendment");
  const [row] = await db
    .select()
    .from(contractAmendments)
    .where(and(eq(contractAmendments.id, id), eq(contractAmendments.companyId, companyId)));
  if (!row) throw notFound("Contract amendment");
  return row;
}

export async function showContractAmendment(deps: GatewayDeps, companyId: string, id: string): Promise<ContractAmendment> {
  return serializeWithCurrency(deps, deps.db, await getContractAmendmentOrThrow(deps.db, companyId, id));
}

interface ValidatedRequest {
  employment: EmploymentRow;
  contractId: string;
  data: Record<string, unknown>;
  changes: ContractChanges;
}

/**
 * Every check of a new amendment (create and automatable share it): the employment, the caller's
 * rights, the company, the operation, the contract, the country form, and that something changes.
 */
async function validateRequest(
  deps: GatewayDeps,
  db: DbOrTx,
  principal: Principal,
  body: CreateContractAmendmentBody,
  action: string,
): Promise<ValidatedRequest> {
  const employment = await getEmploymentOrThrow(db, principal.companyId!, body.employment_id);
  assertCanWrite(principal, employment);
  await assertCompanyActive(db, employment.companyId);
  assertOperationAvailable(employment, action);
  if (CLOSED_STATUSES.has(employment.status)) {
    throw actionError({
      code: "employment_not_amendable",
      message: `The contract of an employment in status ${employment.status} cannot be amended`,
      action,
    });
  }
  if (!employment.activeContractId) {
    throw actionError({ code: "no_active_contract", message: "The employment has no active contract to amend yet", action });
  }
  if (body.amendment_contract_id !== employment.activeContractId) {
    throw fieldErrors({ amendment_contract_id: ["must be the employment's active contract"] });
  }
  if (!employment.countryCode) throw actionError({ code: "no_country", message: "The employment has no country", action });
  const formErrors = deps.forms.validate(employment.countryCode, "contract_amendment", body.contract_amendment);
  if (formErrors) {
    const errors: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(formErrors)) {
      for (const m of messages) addFieldError(errors, field === "" ? "contract_amendment" : `contract_amendment.${field}`, m);
    }
    throw fieldErrors(errors);
  }
  const data = body.contract_amendment;
  // Forms from GATEWAY_FORMS_DIR may leave the date optional (the provider's is nullable): it is needed here.
  if (!isCalendarDate(data.effective_date)) {
    throw fieldErrors({ "contract_amendment.effective_date": ["is required, a date YYYY-MM-DD"] });
  }
  const changes = diffTerms(currentTerms(employment), amendedTerms(deps.forms, employment, data));
  if (Object.keys(changes).length === 0) {
    throw fieldErrors({ contract_amendment: ["changes nothing: every requested term equals the current contract"] });
  }
  return { employment, contractId: employment.activeContractId, data, changes };
}

/** POST /v1/contract-amendments: stores the request as `submitted` (the provider reviews it; the sandbox approves it). */
export async function createContractAmendment(
  deps: GatewayDeps,
  principal: Principal,
  body: CreateContractAmendmentBody,
): Promise<ContractAmendment> {
  return deps.db.transaction(async (tx) => {
    const { employment, contractId, data, changes } = await validateRequest(deps, tx, principal, body, "create_contract_amendment");
    const now = deps.clock.now();
    const row: ContractAmendmentRow = {
      id: randomUUID(),
      companyId: employment.companyId,
      employmentId: employment.id,
      amendmentContractId: contractId,
      status: "submitted",
      requestedBy: principal.userId,
      data,
      changes,
      effectiveDate: data.effective_date as string,
      reason: str(data.reason_for_change) ?? str(data.reason),
      reasonDescription: str(data.reason_for_change_description) ?? str(data.reason_details),
      submittedAt: now,
      reviewStartedAt: null,
      doneAt: null,
      canceledAt: null,
      updatedAt: now,
    };
    await tx.insert(contractAmendments).values(row);
    return serializeContractAmendment(row, currencyOfCountry(deps.forms, employment.countryCode));
  });
}

/** POST /v1/contract-amendments/automatable: the same checks as create, nothing stored. */
export async function checkAutomatable(deps: GatewayDeps, principal: Principal, body: CreateContractAmendmentBody) {
  const { changes } = await validateRequest(deps, deps.db, principal, body, "check_contract_amendment_automatable");
  return automatability(changes);
}

/** The open amendments of an employment's contract, as the provider's pending changes. */
export async function listPendingChanges(db: DbOrTx, companyId: string, employmentId: string): Promise<ContractPendingChangesResponse> {
  const employment = await getEmploymentOrThrow(db, companyId, employmentId);
  const rows = await db
    .select()
    .from(contractAmendments)
    .where(
      and(eq(contractAmendments.employmentId, employment.id), inArray(contractAmendments.status, [...OPEN_CONTRACT_AMENDMENT_STATUSES])),
    )
    .orderBy(asc(contractAmendments.effectiveDate), asc(contractAmendments.submittedAt), asc(contractAmendments.id));
  return {
    data: {
      pending_changes: rows.map((r) => ({
        changes: r.changes,
        contract_id: r.amendmentContractId,
        effective_at: `${r.effectiveDate}T00:00:00Z`,
        pending_action_for_activation: true,
      })),
    },
  };
}

/** Allowed moves: submitted → in_review | done | canceled; in_review → done | canceled. */
const TRANSITIONS: Record<string, readonly ContractAmendmentStatus[]> = {
  submitted: ["in_review", "done", "canceled"],
  in_review: ["done", "canceled"],
  done: [],
  canceled: [],
};

/**
 * Sandbox: moves an amendment along. `done` applies its requested values to the employment (job title,
 * contract_details terms) at once, whatever the effective date, and emits contract_amendment.done.
 */
export async function sandboxUpdateContractAmendment(
  deps: GatewayDeps,
  principal: Principal,
  id: string,
  body: SandboxUpdateContractAmendmentBody,
): Promise<ContractAmendment> {
  return deps.db.transaction(async (tx) => {
    if (!UUID_RE.test(id)) throw notFound("Contract amendment");
    // Locked: two approvals at once must not both apply the changes and emit the event.
    const [current] = await tx
      .select()
      .from(contractAmendments)
      .where(and(eq(contractAmendments.id, id), eq(contractAmendments.companyId, principal.companyId!)))
      .for("update");
    if (!current) throw notFound("Contract amendment");
    const employment = await getEmploymentOrThrow(tx, principal.companyId!, current.employmentId);
    assertCanWrite(principal, employment);
    if (!(TRANSITIONS[current.status] ?? []).includes(body.status)) {
      throw actionError({
        code: "invalid_status_transition",
        message: `A contract amendment in status ${current.status} cannot move to ${body.status}`,
        action: "update_contract_amendment_status",
      });
    }
    const now = deps.clock.now();
    const update: Partial<ContractAmendmentRow> = { status: body.status, updatedAt: now };
    if (body.status === "in_review") update.reviewStartedAt = now;
    if (body.status === "canceled") update.canceledAt = now;
    if (body.status === "done") {
      update.doneAt = now;
      await tx
        .update(employments)
        .set({ ...applyChanges(employment, current.changes), updatedAt: now })
        .where(eq(employments.id, employment.id));
      await emitEvent(tx, now, "contract_amendment.done", {
        contract_amendment_id: current.id,
        employment_id: current.employmentId,
        company_id: current.companyId,
      });
    }
    const [saved] = await tx.update(contractAmendments).set(update).where(eq(contractAmendments.id, current.id)).returning();
    return serializeContractAmendment(saved!, currencyOfCountry(deps.forms, employment.countryCode));
  });
}
