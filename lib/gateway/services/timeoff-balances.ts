import "server-only";
import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { DaysAndHours, TimeoffBalance, TimeoffEntitlement } from "@/lib/contract";
import type { GatewayDeps } from "../context";
import { timeoffEntitlements, timeoffs } from "../db/schema";
import { assertOperationAvailable, getEmploymentOrThrow, type EmploymentRow } from "./employments";
import { todayIn, todayUtc } from "./people-ops-shared";

// GET /v1/timeoff-balances/{employment_id}: the paid time off of the current calendar year (at the
// injected clock). The contract gives the annual entitlement (contract_details.available_pto, 0 when
// absent); timeoff_entitlements rows add carry-over and extra days. Approved paid time off reduces
// what remains: days already past are `taken`, later ones `upcoming_approved`; requested days are
// only reported (`upcoming_requested`). Usage is drawn from the entitlement that expires first.

const DEFAULT_HOURS_PER_DAY = 8;

/** Working hours a day from the contract's weekly hours over five days (8 when the contract says nothing). */
export function workingHoursPerDay(e: Pick<EmploymentRow, "contractDetails">): number {
  const weekly = e.contractDetails?.work_hours_per_week;
  if (typeof weekly !== "number" || !Number.isFinite(weekly) || weekly <= 0) return DEFAULT_HOURS_PER_DAY;
  return Math.min(24, Math.max(1, Math.round(weekly / 5)));
}

export function contractualEntitledDays(e: Pick<EmploymentRow, "contractDetails">): number {
  const pto = e.contractDetails?.available_pto;
  return typeof pto === "number" && Number.isInteger(pto) && pto >= 0 ? pto : 0;
}

/** Hours as whole days plus leftover hours (a negative balance keeps its sign on both). */
export function toDaysAndHours(hours: number, perDay: number): DaysAndHours {
  const sign = hours < 0 ? -1 : 1;
  const abs = Math.abs(hours);
  return { days: sign * Math.floor(abs / perDay) || 0, hours: sign * (abs % perDay) || 0 };
}

interface Bucket {
  type: TimeoffEntitlement["type"];
  name: string;
  days: number;
  expiryDate: string | null;
  usedHours: number;
}

export async function getTimeoffBalance(deps: GatewayDeps, companyId: string, employmentId: string): Promise<TimeoffBalance> {
  const { db } = deps;
  const employment = await getEmploymentOrThrow(db, companyId, employmentId);
  assertOperationAvailable(employment, "show_timeoff_balance");
  const now = deps.clock.now();
  const today = todayUtc(now);
  const year = today.slice(0, 4);
  const yearStart = `${year}-01-01`;
  const yearEnd = `${year}-12-31`;
  const perDay = workingHoursPerDay(employment);
  const contractual = contractualEntitledDays(employment);

  const [extras, rows] = await Promise.all([
    db
      .select()
      .from(timeoffEntitlements)
      .where(
        and(
          eq(timeoffEntitlements.employmentId, employment.id),
          or(isNull(timeoffEntitlements.expiryDate), gte(timeoffEntitlements.expiryDate, today)),
        ),
      )
      .orderBy(sql`${timeoffEntitlements.expiryDate} ASC NULLS LAST`, asc(timeoffEntitlements.createdAt), asc(timeoffEntitlements.id)),
    db
      .select({ status: timeoffs.status, timezone: timeoffs.timezone, days: timeoffs.timeoffDays })
      .from(timeoffs)
      .where(
        and(
          eq(timeoffs.employmentId, employment.id),
          eq(timeoffs.timeoffType, "paid_time_off"),
          inArray(timeoffs.status, ["requested", "approved"]),
          lte(timeoffs.startDate, yearEnd),
          gte(timeoffs.endDate, yearStart),
        ),
      ),
  ]);

  let takenHours = 0;
  let upcomingApprovedHours = 0;
  let upcomingRequestedHours = 0;
  for (const r of rows) {
    const localToday = todayIn(r.timezone, now);
    for (const d of r.days) {
      if (d.day < yearStart || d.day > yearEnd) continue;
      if (r.status === "requested") upcomingRequestedHours += d.hours;
      else if (d.day < localToday) takenHours += d.hours;
      else upcomingApprovedHours += d.hours;
    }
  }

  const annual: Bucket = {
    type: "annual_paid_timeoff",
    name: "Annual paid time off",
    days: contractual,
    expiryDate: yearEnd,
    usedHours: 0,
  };
  const buckets: Bucket[] = [
    annual,
    ...extras.map((x) => ({ type: x.type as Bucket["type"], name: x.name, days: x.days, expiryDate: x.expiryDate, usedHours: 0 })),
  ];
  // Booked days (taken and upcoming approved) are drawn from what expires first; the rest, if any,
  // overdraws the annual entitlement.
  const drawOrder = [...buckets].sort((a, b) => (a.expiryDate ?? "9999-12-31").localeCompare(b.expiryDate ?? "9999-12-31"));
  let toDraw = takenHours + upcomingApprovedHours;
  for (const b of drawOrder) {
    const take = Math.min(toDraw, Math.max(0, b.days * perDay));
    b.usedHours += take;
    toDraw -= take;
  }
  annual.usedHours += toDraw;

  return {
    contractual_entitled: contractual,
    contractual_leave_entitlement_type: "fixed",
    timeoff_entitlements: buckets.map((b) => ({
      type: b.type,
      name: b.name,
      entitled: toDaysAndHours(b.days * perDay, perDay),
      taken: toDaysAndHours(b.usedHours, perDay),
      remaining: toDaysAndHours(b.days * perDay - b.usedHours, perDay),
      expiry_date: b.expiryDate,
      can_expire: b.expiryDate !== null,
    })),
    taken: toDaysAndHours(takenHours, perDay),
    upcoming_approved: toDaysAndHours(upcomingApprovedHours, perDay),
    upcoming_requested: toDaysAndHours(upcomingRequestedHours, perDay),
    total_entitled_days: buckets.reduce((n, b) => n + b.days, 0),
    working_hours_per_day: perDay,
  };
}
