import type { DaysAndHours, TimeoffBalance } from "@/lib/contract";
import { formatDate } from "@/lib/console/format";
import { formatDaysAndHours } from "./days";

// The time off balance (GET /v1/timeoff-balances/{employment_id}) as the page shows it: one row per
// entitlement with its expiry ("No expiry" when it never expires), and the year's totals.

export const ENTITLEMENT_TYPE_LABELS: Record<TimeoffBalance["timeoff_entitlements"][number]["type"], string> = {
  annual_paid_timeoff: "Annual",
  carryover_pto: "Carry-over",
  additional_pto: "Additional",
  transfer_pto: "Transfer",
};

export interface EntitlementRow {
  key: string;
  name: string;
  typeLabel: string;
  entitled: string;
  taken: string;
  remaining: string;
  negative: boolean;
  expiry: string;
  canExpire: boolean;
}

export const toHours = (v: DaysAndHours, perDay: number) => v.days * perDay + v.hours;

export function entitlementRows(b: TimeoffBalance): EntitlementRow[] {
  return b.timeoff_entitlements.map((e, i) => ({
    key: `${e.type}-${i}`,
    name: e.name ?? "Contractual entitlement",
    typeLabel: ENTITLEMENT_TYPE_LABELS[e.type],
    entitled: formatDaysAndHours(e.entitled),
    taken: formatDaysAndHours(e.taken),
    remaining: formatDaysAndHours(e.remaining),
    negative: toHours(e.remaining, b.working_hours_per_day) < 0,
    expiry: e.expiry_date ? `Expires ${formatDate(e.expiry_date)}` : "No expiry",
    canExpire: e.can_expire,
  }));
}

export interface BalanceSummary {
  entitled: string;
  remaining: string;
  remainingHours: number;
  taken: string;
  upcomingApproved: string;
  upcomingRequested: string;
  contractual: string;
  hoursPerDay: number;
}

/** The year's totals: what the entitlements give, what is left of them, and what is booked. */
export function balanceSummary(b: TimeoffBalance): BalanceSummary {
  const perDay = b.working_hours_per_day;
  const sum = (pick: (e: TimeoffBalance["timeoff_entitlements"][number]) => DaysAndHours) =>
    b.timeoff_entitlements.reduce((n, e) => n + toHours(pick(e), perDay), 0);
  const split = (hours: number) => {
    const sign = hours < 0 ? -1 : 1;
    const abs = Math.abs(hours);
    return { days: sign * Math.floor(abs / perDay) || 0, hours: sign * (abs % perDay) || 0 };
  };
  const remainingHours = sum((e) => e.remaining);
  return {
    entitled: formatDaysAndHours(split(sum((e) => e.entitled))),
    remaining: formatDaysAndHours(split(remainingHours)),
    remainingHours,
    taken: formatDaysAndHours(b.taken),
    upcomingApproved: formatDaysAndHours(b.upcoming_approved),
    upcomingRequested: formatDaysAndHours(b.upcoming_requested),
    contractual:
      b.contractual_leave_entitlement_type === "unlimited"
        ? "Unlimited"
        : `${b.contractual_entitled} ${b.contractual_entitled === 1 ? "day" : "days"} a year`,
    hoursPerDay: perDay,
  };
}
