import "server-only";
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, or, type SQL } from "drizzle-orm";
import type { CreateOffboardingBody, OffboardingStatus, TerminationOffboarding } from "@/lib/contract";
import type { GatewayDeps, Principal } from "../context";
import { pageWindow, paginate, type PageParams } from "../pagination";
import type { DbOrTx } from "../db/client";
import { companyUsers, employments, offboardings, peopleOpsFiles } from "../db/schema";
import { actionError, notFound } from "../errors";
import { UUID_RE, assertCanWrite, assertCompanyActive, assertOperationAvailable, getEmploymentOrThrow } from "./employments";
import { decodeUpload, fileRow, type DecodedFile } from "./expenses-receipts";
import { emitEvent } from "./outbox";
import { assertEmploymentFilter, iso, lockEmployment, throwIfErrors, todayUtc } from "./people-ops-shared";

// Offboardings: a termination request moves an active employment to `offboarding` and is
// `submitted`; the provider's review (simulated by a sandbox route) moves it to `in_review`, then
// `done` (the employment is archived) or `canceled` (the employment is active again).
// Confidential requests are visible only to the user who submitted them (the provider's rule).
// Events: offboarding.submitted, offboarding.review_started, offboarding.deleted (on cancellation).

export type OffboardingRow = typeof offboardings.$inferSelect;

/** Rows written before migration 0006 may still say `cancelled`. */
const providerStatus = (s: string): OffboardingStatus => (s === "cancelled" ? "canceled" : (s as OffboardingStatus));

/** The provider's `TerminationOffboarding`: optional fields not given are omitted, never null. */
export const serializeOffboarding = (r: OffboardingRow): TerminationOffboarding => ({
  id: r.id,
  employment_id: r.employmentId,
  type: "termination",
  status: providerStatus(r.status),
  confidential: r.confidential,
  proposed_termination_date: r.proposedTerminationDate,
  termination_date: r.terminationDate,
  termination_reason: r.terminationReason as TerminationOffboarding["termination_reason"],
  reason_description: r.reasonDescription,
  risk_assessment_reasons: r.riskAssessmentReasons as TerminationOffboarding["risk_assessment_reasons"],
  will_challenge_termination: r.willChallengeTermination,
  ...(r.willChallengeTerminationDescription !== null
    ? { will_challenge_termination_description: r.willChallengeTerminationDescription }
    : {}),
  additional_comments: r.additionalComments,
  ...(r.employeeAwareness ? { employee_awareness: { date: r.employeeAwareness.date, note: r.employeeAwareness.note ?? null } } : {}),
  ...(r.agreesToPtoAmount !== null ? { agrees_to_pto_amount: r.agreesToPtoAmount } : {}),
  ...(r.personalEmail !== null ? { personal_email: r.personalEmail } : {}),
  // Required by the provider: every request names a company user (the company owner when the token
  // has none, see createOffboarding); the column stays nullable for rows older than that rule.
  requested_by: r.requestedBy ?? "",
  submitted_at: iso(r.submittedAt),
});

/** Rows the principal may see: every non-confidential one of the company, and their own confidential ones. */
function visibleTo(principal: Principal): SQL {
  const own = principal.userId ? eq(offboardings.requestedBy, principal.userId) : undefined;
  return and(
    eq(offboardings.companyId, principal.companyId!),
    own ? or(eq(offboardings.confidential, false), own) : eq(offboardings.confidential, false),
  )!;
}

export interface ListOffboardingsOptions {
  employmentId?: string;
  type?: "termination" | "resignation";
  status?: OffboardingStatus;
  includeConfidential?: boolean;
}

/** GET /v1/offboardings: newest first. */
export async function listOffboardings(deps: GatewayDeps, principal: Principal, o: ListOffboardingsOptions, page: PageParams) {
  const { db } = deps;
  await assertEmploymentFilter(db, principal.companyId!, o.employmentId);
  const where = and(
    visibleTo(principal),
    o.includeConfidential ? undefined : eq(offboardings.confidential, false),
    o.employmentId ? eq(offboardings.employmentId, o.employmentId) : undefined,
    o.type ? eq(offboardings.type, o.type) : undefined,
    o.status === "canceled"
      ? or(eq(offboardings.status, "canceled"), eq(offboardings.status, "cancelled"))
      : o.status
        ? eq(offboardings.status, o.status)
        : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(offboardings)
      .where(where)
      .orderBy(desc(offboardings.submittedAt), desc(offboardings.id))
      .limit(pageWindow(page).limit)
      .offset(pageWindow(page).offset),
    db.select({ n: count() }).from(offboardings).where(where),
  ]);
  return paginate("offboardings", rows.map(serializeOffboarding), Number(total?.n ?? 0), page);
}

export async function getOffboardingOrThrow(db: DbOrTx, principal: Principal, id: string, lock = false): Promise<OffboardingRow> {
  if (!UUID_RE.test(id)) throw notFound("Offboarding");
  const query = db
    .select()
    .from(offboardings)
    .where(and(eq(offboardings.id, id), visibleTo(principal)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("Offboarding");
  return row;
}

/**
 * POST /v1/offboardings: only an `active` employment of a type and model that supports more than list
 * and show (spec section 1) can be offboarded (422 ActionError otherwise).
 */
export async function createOffboarding(
  deps: GatewayDeps,
  principal: Principal,
  body: CreateOffboardingBody,
): Promise<TerminationOffboarding> {
  const companyId = principal.companyId!;
  return deps.db.transaction(async (tx) => {
    const employment = await getEmploymentOrThrow(tx, companyId, body.employment_id);
    assertCanWrite(principal, employment);
    await assertCompanyActive(tx, companyId);
    assertOperationAvailable(employment, "create_offboarding");
    await lockEmployment(tx, employment.id);
    const [current] = await tx.select({ status: employments.status }).from(employments).where(eq(employments.id, employment.id));
    if (current?.status !== "active") {
      throw actionError({
        code: "employment_not_active",
        message: `Only an active employment can be offboarded (current status: ${current?.status ?? employment.status})`,
        action: "create_offboarding",
      });
    }
    const now = deps.clock.now();
    const d = body.termination_details;
    const errors: Record<string, string[]> = {};
    if (d.proposed_termination_date < todayUtc(now))
      (errors["termination_details.proposed_termination_date"] ??= []).push("must be today or a later date");
    // The provider's supporting documents: kept with the request (people_ops_files.offboarding_id).
    const files: { file: DecodedFile; subType: string }[] = [];
    (d.termination_reason_files ?? []).forEach((f, i) => {
      const file = decodeUpload(f, `termination_details.termination_reason_files.${i}`, errors);
      if (file) files.push({ file, subType: "termination_reason" });
    });
    if (d.timesheet_file) {
      const file = decodeUpload(d.timesheet_file, "termination_details.timesheet_file", errors);
      if (file) files.push({ file, subType: "timesheet" });
    }
    throwIfErrors(errors);
    const requestedBy = principal.userId ?? (await companyOwner(tx, companyId));
    const [row] = await tx
      .insert(offboardings)
      .values({
        id: randomUUID(),
        companyId,
        employmentId: employment.id,
        type: body.type,
        status: "submitted",
        confidential: d.confidential,
        proposedTerminationDate: d.proposed_termination_date,
        terminationDate: d.proposed_termination_date,
        terminationReason: d.termination_reason,
        reasonDescription: d.reason_description,
        riskAssessmentReasons: d.risk_assessment_reasons,
        willChallengeTermination: d.will_challenge_termination,
        willChallengeTerminationDescription: d.will_challenge_termination_description ?? null,
        additionalComments: d.additional_comments ?? null,
        employeeAwareness: d.employee_awareness
          ? { date: d.employee_awareness.date ?? null, note: d.employee_awareness.note ?? null }
          : null,
        agreesToPtoAmount: d.agrees_to_pto_amount ?? null,
        agreesToPtoAmountNotes: d.agrees_to_pto_amount_notes ?? null,
        acknowledgeTerminationProcedure: d.acknowledge_termination_procedure ?? null,
        customerInformedEmployee: d.customer_informed_employee ?? null,
        personalEmail: d.personal_email ?? null,
        requestedBy,
        submittedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    for (const [i, f] of files.entries()) {
      const file = fileRow(f.file, { companyId, employmentId: employment.id }, "offboarding_document", now, i);
      await tx.insert(peopleOpsFiles).values({ ...file, subType: f.subType, offboardingId: row!.id });
    }
    await tx.update(employments).set({ status: "offboarding", updatedAt: now }).where(eq(employments.id, employment.id));
    await emitEvent(tx, now, "offboarding.submitted", { offboarding_id: row!.id, employment_id: employment.id, company_id: companyId });
    return serializeOffboarding(row!);
  });
}

/** The company's owner: who a request made with a token that names no user is submitted by. */
async function companyOwner(tx: DbOrTx, companyId: string): Promise<string | null> {
  const [owner] = await tx
    .select({ id: companyUsers.id })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.role, "owner")))
    .limit(1);
  return owner?.id ?? null;
}

const SANDBOX_FROM: Record<"in_review" | "done" | "canceled", readonly OffboardingStatus[]> = {
  in_review: ["submitted"],
  done: ["in_review"],
  canceled: ["submitted", "in_review"],
};

/**
 * PATCH /v1/sandbox/offboardings/{id}: the provider's review. in_review emits offboarding.review_started;
 * done archives the employment (stage offboarded, user inactive) and emits
 * employment.user_status.deactivated; canceled makes the employment active again and emits offboarding.deleted.
 */
export async function sandboxUpdateOffboarding(
  deps: GatewayDeps,
  principal: Principal,
  id: string,
  status: "in_review" | "done" | "canceled",
): Promise<TerminationOffboarding> {
  return deps.db.transaction(async (tx) => {
    const row = await getOffboardingOrThrow(tx, principal, id, true);
    const employment = await getEmploymentOrThrow(tx, principal.companyId!, row.employmentId);
    assertCanWrite(principal, employment);
    if (!SANDBOX_FROM[status].includes(providerStatus(row.status))) {
      throw actionError({
        code: "invalid_status_transition",
        message: `An offboarding in status ${row.status} cannot become ${status}`,
        action: "sandbox_update_offboarding",
      });
    }
    const now = deps.clock.now();
    const ids = { offboarding_id: row.id, employment_id: row.employmentId, company_id: row.companyId };
    if (status === "in_review") await emitEvent(tx, now, "offboarding.review_started", ids);
    if (status === "done") {
      await tx
        .update(employments)
        .set({ status: "archived", lifecycleStage: "offboarded", userStatus: "inactive", updatedAt: now })
        .where(eq(employments.id, row.employmentId));
      await emitEvent(tx, now, "employment.user_status.deactivated", { employment_id: row.employmentId, company_id: row.companyId });
    }
    if (status === "canceled") {
      await tx.update(employments).set({ status: "active", updatedAt: now }).where(eq(employments.id, row.employmentId));
      await emitEvent(tx, now, "offboarding.deleted", ids);
    }
    const [saved] = await tx.update(offboardings).set({ status, updatedAt: now }).where(eq(offboardings.id, row.id)).returning();
    return serializeOffboarding(saved!);
  });
}
