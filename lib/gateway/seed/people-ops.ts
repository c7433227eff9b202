import "server-only";
import { eq } from "drizzle-orm";
import type { Environment, ExpenseStatus, IncentiveStatus, OffboardingStatus } from "@/lib/contract";
import { TERMINATION_REASONS } from "@/lib/contract";
import type { Clock } from "../clock";
import { deterministicUuid } from "../crypto";
import type { DbOrTx } from "../db/client";
import {
  employments,
  expenses,
  incentives,
  offboardings,
  peopleOpsFiles,
  recurringIncentives,
  timeoffEntitlements,
  timeoffs,
} from "../db/schema";
import { convertMinorUnits, employmentCurrency } from "../services/expenses-currencies";
import { monthlyOccurrence } from "../services/incentives";
import { unavailableReason } from "../services/employments";
import { addDays, endOfMonth } from "../services/people-ops-shared";
import { workingHoursPerDay } from "../services/timeoff-balances";
import type { CompanyRow, EmploymentRow } from "./build";
import { demoCompanyId, demoUserId } from "./build";
import { DEMO } from "./demo";
import { minimalPdf, TINY_PNG } from "./files";
import { createPrng, type Prng } from "./prng";

// Demo data of the people-ops areas, built from the seed's companies and employments (already
// inserted): time off in every status (and extra entitlements, with and without expiry), expenses in
// every status with real receipt files, one-time incentives in every status, recurring incentives with
// their monthly incentives, and offboardings matching the employments being offboarded or archived.
// Deterministic: ids from deterministicUuid, choices from the seeded PRNG, dates from the base date.
// No outbox events: the seed is history, not news.

type TimeoffInsert = typeof timeoffs.$inferInsert;
type EntitlementInsert = typeof timeoffEntitlements.$inferInsert;
type ExpenseInsert = typeof expenses.$inferInsert;
type FileInsert = typeof peopleOpsFiles.$inferInsert;
type IncentiveInsert = typeof incentives.$inferInsert;
type RecurringInsert = typeof recurringIncentives.$inferInsert;
type OffboardingInsert = typeof offboardings.$inferInsert;

export interface PeopleOpsRows {
  timeoffs: TimeoffInsert[];
  timeoffEntitlements: EntitlementInsert[];
  expenses: ExpenseInsert[];
  files: FileInsert[];
  recurringIncentives: RecurringInsert[];
  incentives: IncentiveInsert[];
  offboardings: OffboardingInsert[];
  /** Active employments the seed puts in `offboarding`, so that requests in flight exist. */
  employmentStatusUpdates: { id: string; status: "offboarding" }[];
}

export interface SeedPeopleOpsOptions {
  environment: Environment;
  companies: readonly CompanyRow[];
  employments: readonly EmploymentRow[];
  /** Moves the base date (default DEMO.baseDate, like the rest of the seed). */
  clock?: Clock;
  /** Default: a PRNG seeded with the environment and the seed version. */
  rng?: Prng;
}

export type SeedPeopleOpsResult = { [K in keyof PeopleOpsRows]: number };

const DAY = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

const TIME_ZONES: Record<string, string> = {
  PRT: "Europe/Lisbon",
  DEU: "Europe/Berlin",
  FRA: "Europe/Paris",
  GBR: "Europe/London",
  ESP: "Europe/Madrid",
  NLD: "Europe/Amsterdam",
  USA: "America/New_York",
  BRA: "America/Sao_Paulo",
};

/** The demo company's expenses use eight of the provider's categories (the seed stays as it was). */
const SEED_EXPENSE_CATEGORIES = [
  "education_training",
  "home_office",
  "meals",
  "other",
  "phone_utilities",
  "tech_equipment",
  "travel",
  "coworking",
] as const;

const EXPENSE_TITLES: Record<(typeof SEED_EXPENSE_CATEGORIES)[number], readonly string[]> = {
  education_training: ["Conference ticket", "Online course", "Technical books"],
  home_office: ["Ergonomic chair", "Standing desk", "Desk lamp"],
  meals: ["Team lunch", "Client dinner", "Working breakfast"],
  other: ["Visa fees", "Courier"],
  phone_utilities: ["Mobile plan", "Home internet"],
  tech_equipment: ["External monitor", "Keyboard and mouse", "Headset"],
  travel: ["Train to the offsite", "Flight to the customer", "Taxi from the airport"],
  coworking: ["Coworking day passes", "Meeting room rental"],
};

const DECLINE_REASONS = ["Personal expense, not reimbursable", "Receipt is not legible", "Over the monthly budget"];
const TIMEOFF_NOTES = ["Family holiday", "Long weekend", "Moving house", null, null];

/** Monday of the week `weeks` from the base date. */
function monday(base: Date, weeks: number): string {
  const d = new Date(base.getTime() + weeks * 7 * DAY);
  const dow = (d.getUTCDay() + 6) % 7;
  return isoDate(new Date(d.getTime() - dow * DAY));
}

/** Working employments (time off and expenses) and ones that may get incentives. */
const canHaveTimeoff = (e: EmploymentRow) =>
  unavailableReason({ type: e.type!, employmentModel: e.employmentModel ?? null }) === null &&
  (e.status === "active" || e.status === "offboarding");
const canHaveIncentives = (e: EmploymentRow) =>
  unavailableReason({ type: e.type!, employmentModel: e.employmentModel ?? null }) === null &&
  e.status !== "archived" &&
  e.status !== "deleted";

export function buildPeopleOpsRows(options: SeedPeopleOpsOptions): PeopleOpsRows {
  const { environment } = options;
  const base = options.clock?.now() ?? new Date(DEMO.baseDate);
  const today = isoDate(base);
  const year = today.slice(0, 4);
  const prng = options.rng ?? createPrng(`roster-demo:${environment}:people-ops:v${DEMO.seedVersion}`);
  const at = (days: number) => new Date(base.getTime() + days * DAY - prng.int(1, 6 * 3600) * 1000);
  const rows: PeopleOpsRows = {
    timeoffs: [],
    timeoffEntitlements: [],
    expenses: [],
    files: [],
    recurringIncentives: [],
    incentives: [],
    offboardings: [],
    employmentStatusUpdates: [],
  };
  const keyOf = new Map(DEMO.environments[environment].companies.map((c) => [demoCompanyId(environment, c.key), c.key]));
  const activeCompanies = new Set(options.companies.filter((c) => c.status === "active").map((c) => c.id));

  for (const companyId of activeCompanies) {
    const key = keyOf.get(companyId);
    const user = (role: "owner" | "admin" | "people_manager") => (key ? demoUserId(environment, key, role) : null);
    const reviewers = [user("admin"), user("owner"), user("people_manager")];
    const mine = options.employments.filter((e) => e.companyId === companyId);
    const working = mine.filter(canHaveTimeoff);
    const incentiveHolders = mine.filter(canHaveIncentives);

    // ─── Time off: the first working employment gets every status, the others a random few ──────
    working.forEach((e, index) => {
      const perDay = workingHoursPerDay({ contractDetails: (e.contractDetails ?? null) as Record<string, unknown> | null });
      const tz = TIME_ZONES[e.countryCode ?? ""] ?? "UTC";
      // One distinct week per time off, so that those holding days never overlap.
      const weeks = [-9, -6, -3, 2, 5, 8, 12];
      type Plan = { status: "taken" | "approved" | "requested" | "declined" | "cancelled"; type: string } | null;
      const plan: Plan[] =
        index === 0
          ? [
              { status: "taken", type: "paid_time_off" },
              { status: "taken", type: "sick_leave" },
              { status: "cancelled", type: "paid_time_off" },
              { status: "approved", type: "paid_time_off" },
              { status: "requested", type: "paid_time_off" },
              { status: "declined", type: "paid_time_off" },
              { status: "requested", type: "unpaid_leave" },
            ]
          : weeks.map((w) =>
              prng.chance(0.35)
                ? {
                    status:
                      w < 0
                        ? prng.chance(0.85)
                          ? "taken"
                          : "cancelled"
                        : prng.pick(["approved", "approved", "requested", "declined"] as const),
                    type: prng.chance(0.8) ? "paid_time_off" : prng.pick(["sick_leave", "unpaid_leave", "parental_leave"]),
                  }
                : null,
            );
      plan.forEach((p, i) => {
        if (!p) return;
        const start = monday(base, weeks[i]!);
        const length = p.type === "sick_leave" ? prng.int(1, 2) : prng.int(1, 5);
        const days = Array.from({ length }, (_, d) => ({ day: addDays(start, d), hours: perDay }));
        if (prng.chance(0.3)) days[days.length - 1]!.hours = Math.max(1, Math.floor(perDay / 2));
        const createdAt = at(Math.min(-1, weeks[i]! * 7 - prng.int(7, 30)));
        const approvedAt = new Date(createdAt.getTime() + prng.int(1, 48) * 3600_000);
        const approved = p.status === "taken" || p.status === "approved" || p.status === "cancelled";
        rows.timeoffs.push({
          id: deterministicUuid(`${environment}:timeoff:${e.id}:${i}`),
          companyId,
          employmentId: e.id!,
          timeoffType: p.type,
          status: p.status === "taken" ? "approved" : p.status,
          startDate: start,
          endDate: days.at(-1)!.day,
          timezone: tz,
          timeoffDays: days,
          notes: prng.pick(TIMEOFF_NOTES),
          documentFileId: null,
          approverId: approved ? prng.pick(reviewers) : null,
          approvedAt: approved ? approvedAt : null,
          cancelledAt: p.status === "cancelled" ? new Date(approvedAt.getTime() + DAY) : null,
          cancelReason: p.status === "cancelled" ? "Plans changed" : null,
          declinedAt: p.status === "declined" ? approvedAt : null,
          declineReason: p.status === "declined" ? "Too many people away that week" : null,
          createdAt,
          updatedAt: approvedAt,
        });
      });
      // Extra entitlements: carry-over that expires, and seniority days that never do.
      if (index === 0 || prng.chance(0.3)) {
        rows.timeoffEntitlements.push({
          id: deterministicUuid(`${environment}:entitlement:${e.id}:carryover`),
          companyId,
          employmentId: e.id!,
          type: "carryover_pto",
          name: `Carried over from ${Number(year) - 1}`,
          days: prng.int(2, 5),
          expiryDate: `${year}-03-31`,
          createdAt: new Date(`${year}-01-01T00:00:00Z`),
        });
      }
      if (index === 0 || prng.chance(0.2)) {
        rows.timeoffEntitlements.push({
          id: deterministicUuid(`${environment}:entitlement:${e.id}:additional`),
          companyId,
          employmentId: e.id!,
          type: "additional_pto",
          name: "Seniority days",
          days: prng.int(1, 3),
          expiryDate: null,
          createdAt: new Date(`${year}-01-01T00:00:00Z`),
        });
      }
    });

    // ─── Expenses: every status on the first working employment, a random few elsewhere ──────────
    working.forEach((e, index) => {
      const statuses: ExpenseStatus[] =
        index === 0
          ? ["pending", "approved", "declined", "processing", "reimbursed", "canceled"]
          : Array.from({ length: prng.int(0, 3) }, () =>
              prng.pick<ExpenseStatus>(["pending", "pending", "approved", "reimbursed", "declined"]),
            );
      const target = employmentCurrency(e.countryCode ?? null);
      statuses.forEach((status, i) => {
        const id = deterministicUuid(`${environment}:expense:${e.id}:${i}`);
        const category = prng.pick(SEED_EXPENSE_CATEGORIES);
        const title = prng.pick(EXPENSE_TITLES[category]);
        const currency = target && prng.chance(0.8) ? target : prng.pick(["EUR", "USD", "GBP"]);
        const amount = prng.int(8, 900) * 100 + prng.pick([0, 50, 99]);
        const taxAmount = Math.floor(amount * prng.pick([0, 0.06, 0.19, 0.2, 0.23]));
        const into = target ?? currency;
        const createdAt = at(-prng.int(2, 50));
        const reviewed = status !== "pending" && status !== "canceled";
        rows.expenses.push({
          id,
          companyId,
          employmentId: e.id!,
          title,
          amount,
          currency,
          taxAmount,
          convertedAmount: convertMinorUnits(amount, currency, into),
          convertedTaxAmount: convertMinorUnits(taxAmount, currency, into),
          convertedCurrency: into,
          category,
          expenseDate: isoDate(new Date(createdAt.getTime() - prng.int(0, 10) * DAY)),
          notes: prng.chance(0.3) ? "Paid with my own card" : null,
          status,
          reason: status === "declined" ? prng.pick(DECLINE_REASONS) : null,
          reviewerUserId: reviewed ? prng.pick(reviewers) : null,
          reviewedAt: reviewed ? new Date(createdAt.getTime() + prng.int(2, 72) * 3600_000) : null,
          createdAt,
          updatedAt: createdAt,
        });
        const pdf = prng.chance(0.6);
        rows.files.push({
          id: deterministicUuid(`${environment}:receipt:${id}`),
          companyId,
          employmentId: e.id!,
          expenseId: id,
          name: pdf ? `receipt-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.pdf` : "receipt-photo.png",
          type: "receipt",
          subType: pdf ? "pdf" : "png",
          contentType: pdf ? "application/pdf" : "image/png",
          sizeBytes: 0,
          position: 0,
          content: pdf
            ? minimalPdf([
                "Receipt",
                title,
                `Amount: ${(amount / 100).toFixed(2)} ${currency}`,
                `Date: ${isoDate(createdAt)}`,
                "Demo document generated by Roster's seed.",
              ])
            : TINY_PNG,
          insertedAt: createdAt,
        });
        rows.files.at(-1)!.sizeBytes = (rows.files.at(-1)!.content as Uint8Array).length;
      });
    });

    // ─── Incentives: one-time in every status, and recurring ones with their monthly incentives ──
    incentiveHolders.forEach((e, index) => {
      const statuses: IncentiveStatus[] =
        index === 0 ? ["pending", "processing", "paid"] : prng.chance(0.4) ? [prng.pick<IncentiveStatus>(["pending", "paid", "paid"])] : [];
      statuses.forEach((status, i) => {
        const effective =
          status === "pending" ? addDays(today, prng.int(5, 60)) : status === "processing" ? today : addDays(today, -prng.int(20, 200));
        const createdAt = at(-prng.int(1, 30) - (status === "paid" ? 200 : 0));
        rows.incentives.push({
          id: deterministicUuid(`${environment}:incentive:${e.id}:${i}`),
          companyId,
          employmentId: e.id!,
          recurringIncentiveId: null,
          type:
            index === 0 && i === 2
              ? "signing_bonus"
              : prng.pick(["bonus", "referral_bonus", "commission", "holiday_bonus", "retention_bonus"]),
          status,
          amount: prng.int(2, 60) * 5000,
          amountTaxType: prng.pick(["gross", "gross", "net"]),
          effectiveDate: effective,
          expectedPayoutDate: endOfMonth(effective),
          note: prng.chance(0.5) ? "Approved by the leadership team" : null,
          createdAt,
          updatedAt: createdAt,
        });
      });
      if (index < 2 || prng.chance(0.15)) {
        // Started a few months ago: past months paid, this month pending. The first one has ended.
        const ended = index === 0;
        const start = monthlyOccurrence(`${today.slice(0, 8)}${String(prng.int(1, 27)).padStart(2, "0")}`, -(ended ? 6 : 3));
        const end = ended ? monthlyOccurrence(start, 2) : null;
        const id = deterministicUuid(`${environment}:recurring-incentive:${e.id}`);
        const amount = prng.int(5, 40) * 1000;
        const type = prng.pick(["meal_allowance", "internet_allowance", "work_from_home_allowance", "phone_allowance"]);
        let through: string | null = null;
        for (let k = 0; k < 24; k++) {
          const date = monthlyOccurrence(start, k);
          if (date.slice(0, 7) > today.slice(0, 7) || (end && date > end)) break;
          through = date;
          rows.incentives.push({
            id: deterministicUuid(`${environment}:recurring-incentive:${e.id}:${k}`),
            companyId,
            employmentId: e.id!,
            recurringIncentiveId: id,
            type,
            status: date.slice(0, 7) < today.slice(0, 7) ? "paid" : "pending",
            amount,
            amountTaxType: "net",
            effectiveDate: date,
            expectedPayoutDate: endOfMonth(date),
            note: "Monthly allowance",
            createdAt: new Date(`${date}T06:00:00Z`),
            updatedAt: new Date(`${date}T06:00:00Z`),
          });
        }
        const createdAt = new Date(`${start}T08:00:00Z`);
        rows.recurringIncentives.push({
          id,
          companyId,
          employmentId: e.id!,
          type,
          status: ended ? "inactive" : "active",
          amount,
          amountTaxType: "net",
          startDate: start,
          endDate: end,
          note: "Monthly allowance",
          generatedThrough: through,
          createdAt,
          updatedAt: createdAt,
          deletedAt: null,
        });
      }
    });

    // ─── Offboardings: the employments being offboarded or archived, and one canceled request ───
    // At least two requests in flight (one submitted, one in review): active employments are moved
    // to `offboarding` when the seed's employments have fewer.
    const eligible = (e: EmploymentRow) => unavailableReason({ type: e.type!, employmentModel: e.employmentModel ?? null }) === null;
    const inFlight = mine.filter((e) => eligible(e) && e.status === "offboarding");
    const actives = working.filter((e) => e.status === "active");
    const needed = Math.max(0, 2 - inFlight.length);
    // Never the first one (it holds the complete time off history, and is the demo manager's own employment).
    const candidates = actives.filter((e) => e !== working[0] && e !== mine[0]);
    for (const e of needed > 0 ? candidates.slice(-needed) : []) {
      rows.employmentStatusUpdates.push({ id: e.id!, status: "offboarding" });
      inFlight.push(e);
    }
    const archived = mine.filter((e) => eligible(e) && e.status === "archived");
    const cancelledFor = actives[0] ?? inFlight[0];
    const requests: [EmploymentRow, OffboardingStatus][] = [
      ...inFlight.map((e, i) => [e, i % 2 === 0 ? "submitted" : "in_review"] as [EmploymentRow, OffboardingStatus]),
      ...archived.map((e) => [e, "done"] as [EmploymentRow, OffboardingStatus]),
      ...(cancelledFor ? [[cancelledFor, "canceled"] as [EmploymentRow, OffboardingStatus]] : []),
    ];
    for (const [e, status] of requests) {
      const submittedAt = status === "done" || status === "canceled" ? at(-prng.int(60, 200)) : at(-prng.int(2, 20));
      const proposed = status === "done" ? addDays(isoDate(submittedAt), prng.int(30, 45)) : addDays(today, prng.int(20, 60));
      const confidential = prng.chance(0.25);
      const challenge = prng.chance(0.2);
      rows.offboardings.push({
        // The key keeps the old spelling so that the seeded ids do not move.
        id: deterministicUuid(`${environment}:offboarding:${e.id}:${status === "canceled" ? "cancelled" : status}`),
        companyId,
        employmentId: e.id!,
        type: "termination",
        status,
        confidential,
        proposedTerminationDate: proposed,
        terminationDate: proposed,
        terminationReason: prng.pick(
          TERMINATION_REASONS.filter((r) => !r.startsWith("end_of_fixed_term") && r !== "cancellation_before_start_date"),
        ),
        reasonDescription: prng.pick([
          "Role eliminated in the reorganisation",
          "Performance below expectations after a review period",
          "Mutual agreement to part ways",
        ]),
        riskAssessmentReasons: prng.chance(0.7)
          ? ["none_of_these"]
          : [prng.pick(["sick_leave", "family_leave", "caring_responsibilities"])],
        willChallengeTermination: challenge,
        willChallengeTerminationDescription: challenge ? "Has mentioned contacting a lawyer" : null,
        additionalComments: prng.chance(0.5) ? "" : "Handover plan agreed with the team lead",
        employeeAwareness: prng.chance(0.6) ? { date: isoDate(submittedAt), note: null } : null,
        agreesToPtoAmount: prng.chance(0.5) ? true : null,
        requestedBy: confidential ? user("owner") : prng.pick(reviewers),
        submittedAt,
        createdAt: submittedAt,
        updatedAt: submittedAt,
      });
    }
  }
  return rows;
}

const CHUNK = 100;

/** Writes the people-ops demo rows (the seed's companies, users and employments must already exist). */
export async function seedPeopleOps(db: DbOrTx, options: SeedPeopleOpsOptions): Promise<SeedPeopleOpsResult> {
  const rows = buildPeopleOpsRows(options);
  const insert = async <T>(items: T[], write: (chunk: T[]) => Promise<unknown>) => {
    for (let i = 0; i < items.length; i += CHUNK) await write(items.slice(i, i + CHUNK));
  };
  await insert(rows.expenses, (c) => db.insert(expenses).values(c));
  await insert(rows.files, (c) => db.insert(peopleOpsFiles).values(c));
  await insert(rows.timeoffs, (c) => db.insert(timeoffs).values(c));
  await insert(rows.timeoffEntitlements, (c) => db.insert(timeoffEntitlements).values(c));
  await insert(rows.recurringIncentives, (c) => db.insert(recurringIncentives).values(c));
  await insert(rows.incentives, (c) => db.insert(incentives).values(c));
  await insert(rows.offboardings, (c) => db.insert(offboardings).values(c));
  for (const u of rows.employmentStatusUpdates) await db.update(employments).set({ status: u.status }).where(eq(employments.id, u.id));
  return Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, (v as unknown[]).length])) as SeedPeopleOpsResult;
}
