import type { Employment } from "@/lib/contract";
import { EMPLOYMENT_STATUSES, ONBOARDING_TASK_KEYS, type EmploymentStatus, type OnboardingTaskKey } from "@/lib/contract/enums";
import { taskAction } from "@/lib/console/employments/availability";
import { TASK_LABELS } from "@/lib/console/employments/labels";
import { employmentHref } from "@/lib/console/employments/links";
import { formatDate, plural } from "@/lib/console/format";

// The "Onboarding at risk" rule of the company overview (issue 14, docs/decisions/console-overview.md).
// An employment that is still onboarding is at risk when
//   1. its provisional start date is earlier than the earliest start its country's onboarding time
//      allows: the `minDate` the API serves on the country form's `provisional_start_date` field
//      (today plus the country's minimum onboarding time in working days, `meta.mot`), or
//   2. it has onboarding tasks pending and starts within 14 days (or its start date has passed).
// Pure and browser-safe: the server loads the employments and the country rules, this decides.

/** Days before the start date within which pending onboarding tasks put an employment at risk. */
export const AT_RISK_WINDOW_DAYS = 14;

/** Statuses before the employment is active (or leaving): the ones onboarding can still be at risk in. */
export const ONBOARDING_STATUSES: readonly EmploymentStatus[] = EMPLOYMENT_STATUSES.filter(
  (s) => s !== "offboarding" && s !== "active" && s !== "archived" && s !== "deleted",
);
const ONBOARDING = new Set<string>(ONBOARDING_STATUSES);

/** A country's onboarding time as its form schema states it. */
export interface OnboardingRequirement {
  /** The earliest provisional start date the form accepts today (its `minDate`, YYYY-MM-DD). */
  earliestStart: string;
  /** The minimum onboarding time in working days (`meta.mot`), when the schema says it. */
  workingDays: number | null;
}

export type RiskReasonKind = "inside_onboarding_time" | "pending_tasks_soon";

export interface RiskReason {
  kind: RiskReasonKind;
  /** The reason in words, for the row. */
  text: string;
}

export interface AtRiskLink {
  href: string;
  label: string;
}

export interface AtRiskEmployment {
  id: string;
  fullName: string;
  countryName: string | null;
  startDate: string;
  /** Whole days from today to the start date (negative once passed). */
  daysToStart: number;
  pendingTasks: OnboardingTaskKey[];
  reasons: RiskReason[];
  /** Where to act: the first pending task's form, or the employment when no task can be done here. */
  link: AtRiskLink;
}

export type RiskInput = Pick<
  Employment,
  "id" | "full_name" | "type" | "employment_model" | "status" | "country" | "onboarding_tasks" | "provisional_start_date"
>;

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whole days from `from` to `to` (both YYYY-MM-DD, calendar days in UTC). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Today as YYYY-MM-DD in UTC (the API's dates are plain dates; its `minDate` is computed in UTC). */
export const isoToday = (now: Date = new Date()) => now.toISOString().slice(0, 10);

const whenText = (days: number, date: string) =>
  days < 0
    ? `its start date ${formatDate(date)} has passed`
    : days === 0
      ? `it starts today (${formatDate(date)})`
      : `it starts in ${plural(days, "day")} (${formatDate(date)})`;

/**
 * Whether an employment's onboarding is at risk today, and why (null when it is not: not onboarding
 * any more, no start date, or a start date far enough and no pending task within the window).
 */
export function assessOnboardingRisk(
  employment: RiskInput,
  requirement: OnboardingRequirement | null,
  today: string,
): AtRiskEmployment | null {
  const start = employment.provisional_start_date;
  if (!ONBOARDING.has(employment.status) || !start || !ISO_DAY.test(start)) return null;
  const daysToStart = daysBetween(today, start);
  const pendingTasks = ONBOARDING_TASK_KEYS.filter((k) => employment.onboarding_tasks[k]?.status === "pending");
  const country = employment.country?.name ?? "its country";
  const reasons: RiskReason[] = [];

  // Rule 1: earlier than the form's minDate (inclusive bound: minDate itself is accepted).
  if (requirement && ISO_DAY.test(requirement.earliestStart) && start < requirement.earliestStart) {
    const time = requirement.workingDays !== null ? `${plural(requirement.workingDays, "working day")} of onboarding` : "onboarding time";
    const sentence = whenText(daysToStart, start);
    reasons.push({
      kind: "inside_onboarding_time",
      text: `${sentence[0]!.toUpperCase()}${sentence.slice(1)}: ${country} needs ${time}, so the earliest start today is ${formatDate(requirement.earliestStart)}.`,
    });
  }
  // Rule 2: tasks still pending and the start within the window (or passed).
  if (pendingTasks.length > 0 && daysToStart <= AT_RISK_WINDOW_DAYS) {
    const names = pendingTasks.map((k) => TASK_LABELS[k].toLowerCase()).join(", ");
    const count = plural(pendingTasks.length, "onboarding task");
    // The start date is already in words when rule 1 holds: the tasks alone then.
    reasons.push({
      kind: "pending_tasks_soon",
      text: reasons.length > 0 ? `${count} still pending: ${names}.` : `${count} pending (${names}) and ${whenText(daysToStart, start)}.`,
    });
  }
  if (reasons.length === 0) return null;

  const firstForm = pendingTasks.map((k) => taskAction(employment, k)).find((a) => a.kind === "form");
  const link: AtRiskLink =
    firstForm?.kind === "form"
      ? { href: firstForm.href, label: firstForm.label }
      : { href: employmentHref(employment.id), label: "Open the employment" };
  return {
    id: employment.id,
    fullName: employment.full_name,
    countryName: employment.country?.name ?? null,
    startDate: start,
    daysToStart,
    pendingTasks,
    reasons,
    link,
  };
}

/** Most urgent first: earliest start date, then name. */
export function byUrgency(a: AtRiskEmployment, b: AtRiskEmployment): number {
  return a.startDate.localeCompare(b.startDate) || a.fullName.localeCompare(b.fullName);
}

/**
 * The onboarding requirement of a country form's JSON Schema: the `minDate` (and `meta.mot`) of its
 * `provisional_start_date` field, wherever the field is declared (top level, or inside `allOf`,
 * `if`/`then` branches), or null when the form sets no minimum.
 */
export function onboardingRequirementOf(schema: unknown): OnboardingRequirement | null {
  const seen = new Set<unknown>();
  const visit = (node: unknown): OnboardingRequirement | null => {
    if (typeof node !== "object" || node === null || seen.has(node)) return null;
    seen.add(node);
    const record = node as Record<string, unknown>;
    const properties = record.properties as Record<string, unknown> | undefined;
    const field = properties?.provisional_start_date as Record<string, unknown> | undefined;
    const presentation = field?.["x-jsf-presentation"] as Record<string, unknown> | undefined;
    if (presentation && typeof presentation.minDate === "string" && ISO_DAY.test(presentation.minDate)) {
      const mot = (presentation.meta as Record<string, unknown> | undefined)?.mot;
      return { earliestStart: presentation.minDate, workingDays: typeof mot === "number" && Number.isFinite(mot) && mot > 0 ? mot : null };
    }
    for (const value of Object.values(record)) {
      const found = visit(value);
      if (found) return found;
    }
    return null;
  };
  return visit(schema);
}
