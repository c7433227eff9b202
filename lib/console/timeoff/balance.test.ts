import { describe, expect, it } from "vitest";
import type { TimeoffBalance } from "@/lib/contract";
import { balanceSummary, entitlementRows } from "./balance";

const balance: TimeoffBalance = {
  contractual_entitled: 22,
  contractual_leave_entitlement_type: "fixed",
  timeoff_entitlements: [
    {
      type: "annual_paid_timeoff",
      name: "Annual paid time off",
      entitled: { days: 22, hours: 0 },
      taken: { days: 23, hours: 4 },
      remaining: { days: -1, hours: -4 },
      expiry_date: "2026-12-31",
      can_expire: true,
    },
    {
      type: "additional_pto",
      name: "Seniority",
      entitled: { days: 2, hours: 0 },
      taken: { days: 0, hours: 0 },
      remaining: { days: 2, hours: 0 },
      expiry_date: null,
      can_expire: false,
    },
  ],
  taken: { days: 20, hours: 0 },
  upcoming_approved: { days: 3, hours: 4 },
  upcoming_requested: { days: 1, hours: 0 },
  total_entitled_days: 24,
  working_hours_per_day: 8,
};

describe("time off balance", () => {
  it("shows each entitlement's expiry, or that it never expires", () => {
    const rows = entitlementRows(balance);
    expect(rows.map((r) => [r.name, r.expiry, r.canExpire, r.remaining, r.negative])).toEqual([
      ["Annual paid time off", "Expires 31 Dec 2026", true, "-1 day 4 hours", true],
      ["Seniority", "No expiry", false, "2 days", false],
    ]);
  });

  it("adds the entitlements up in hours (an overdraft stays negative)", () => {
    expect(balanceSummary(balance)).toMatchObject({
      entitled: "24 days",
      remaining: "4 hours",
      remainingHours: 4,
      taken: "20 days",
      upcomingApproved: "3 days 4 hours",
      upcomingRequested: "1 day",
      contractual: "22 days a year",
    });
  });
});
