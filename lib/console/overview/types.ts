import type { ApiErrorPayload } from "@/lib/console/api-errors";
import type { AtRiskEmployment } from "./at-risk";

// What the overview's sections show (company home `/` and partner home `/partner`), as plain data:
// built by lib/console/server/overview/, rendered by components/console/overview/.

export interface OverviewCompany {
  id: string;
  name: string;
}

/** A call that failed for one company: shown with the API's words and its request id. */
export interface OverviewFailure {
  company: OverviewCompany;
  /** What was being read ("the employments still onboarding"). */
  what: string;
  error: ApiErrorPayload;
}

/** Where a company's rows came from: the read model (with how fresh it is) or live API calls. */
export type OverviewSource =
  | {
      company: OverviewCompany;
      source: "readmodel";
      lastSyncedAt: string | null;
      state: "fresh" | "behind" | "failing";
      detail: string | null;
    }
  | { company: OverviewCompany; source: "live" }
  | { company: OverviewCompany; source: "skipped"; reason: string };

export interface AtRiskRow extends AtRiskEmployment {
  company: OverviewCompany;
  /** Where the row's link goes (for a partner: through the company switch). */
  href: string;
  employmentHref: string;
}

export interface AtRiskSection {
  rows: AtRiskRow[];
  /** Employments still onboarding that were checked (their show read). */
  checked: number;
  /** Employments still onboarding in all (some may be left unchecked by the bound on calls). */
  candidates: number;
  /** Notes that limit the answer (a country rule that could not be read, unchecked employments). */
  notes: string[];
  failures: OverviewFailure[];
}

export interface WaitingItem {
  kind: "time_off" | "expense";
  id: string;
  company: OverviewCompany;
  employmentId: string | null;
  employeeName: string | null;
  /** "Annual leave, 3 Dec – 5 Dec 2026" or "Train to Porto, 42.50 EUR". */
  summary: string;
  /** The day it is about (the time off's first day, the expense's date). */
  date: string | null;
  /** Where it is approved (the time off list filtered on the employee, the expense's page). */
  href: string;
  linkLabel: string;
}

export interface WaitingSection {
  items: WaitingItem[];
  /** How many wait in all, per kind (the items may be fewer: a page per company). */
  totals: { time_off: number; expense: number };
  failures: OverviewFailure[];
}

export interface ActivityItem {
  kind: "audit" | "webhook";
  id: string;
  company: OverviewCompany;
  /** ISO date-time. */
  at: string;
  title: string;
  detail: string;
  href: string | null;
}

export interface ActivitySection {
  items: ActivityItem[];
  failures: OverviewFailure[];
}

/** The bounds of one overview load (docs/decisions/console-overview.md). */
export interface OverviewLimits {
  /** Employment shows read per page view (start date and tasks are not in the list item). */
  shows: number;
  /** Country forms read per page view (one per country and form). */
  forms: number;
  /** Companies read live (not synced) per page view on the partner home. */
  liveCompanies: number;
  /** Calls at the same time. */
  concurrency: number;
  /** Items per list page asked of the API, and rows shown per section. */
  pageSize: number;
  waitingShown: number;
  activityShown: number;
}

export const OVERVIEW_LIMITS: OverviewLimits = {
  shows: 20,
  forms: 8,
  liveCompanies: 5,
  concurrency: 4,
  pageSize: 100,
  waitingShown: 20,
  activityShown: 15,
};

/**
 * The most live API calls one overview load makes: per live company 1–2 employment lists, 1 time off
 * and 1 expense list; the shows and forms; 1 webhook log (company home only).
 */
export function maxLiveCalls(limits: OverviewLimits, liveCompanies: number, webhookCalls: number): number {
  return liveCompanies * 4 + limits.shows + limits.forms + webhookCalls;
}
