import type { INCENTIVE_TYPES, IncentiveStatus, RECURRING_INCENTIVE_STATUSES } from "@/lib/contract";
import type { Tone } from "@/lib/console/employments/labels";

// Human labels and badge colours of the incentive enums.

export type IncentiveType = (typeof INCENTIVE_TYPES)[number];
export type RecurringIncentiveStatus = (typeof RECURRING_INCENTIVE_STATUSES)[number];

export const INCENTIVE_TYPE_LABELS: Record<IncentiveType, string> = {
  acting_up_allowance: "Acting-up allowance",
  allowance: "Allowance",
  car_allowance: "Car allowance",
  health_and_wellness_allowance: "Health and wellness allowance",
  internet_allowance: "Internet allowance",
  meal_allowance: "Meal allowance",
  on_call_allowance: "On-call allowance",
  parenthood_allowance: "Parenthood allowance",
  phone_allowance: "Phone allowance",
  relocation_allowance: "Relocation allowance",
  travel_allowance: "Travel allowance",
  work_from_home_allowance: "Work-from-home allowance",
  bonus: "Bonus",
  holiday_bonus: "Holiday bonus",
  referral_bonus: "Referral bonus",
  retention_bonus: "Retention bonus",
  commission: "Commission",
  other: "Other",
  overtime: "Overtime",
  stipend: "Stipend",
  signing_bonus: "Signing bonus",
};

export const INCENTIVE_STATUS_LABELS: Record<IncentiveStatus, string> = { pending: "Pending", processing: "Processing", paid: "Paid" };
export const INCENTIVE_STATUS_TONES: Record<IncentiveStatus, Tone> = { pending: "amber", processing: "blue", paid: "teal" };

export const RECURRING_STATUS_LABELS: Record<RecurringIncentiveStatus, string> = { active: "Active", inactive: "Inactive" };
export const RECURRING_STATUS_TONES: Record<RecurringIncentiveStatus, Tone> = { active: "green", inactive: "gray" };

/** The provider types an incentive's `type` and `status` as strings: unknown values show as they are. */
export const incentiveTypeLabel = (t: string) => INCENTIVE_TYPE_LABELS[t as IncentiveType] ?? t;
export const incentiveStatusLabel = (s: string) => INCENTIVE_STATUS_LABELS[s as IncentiveStatus] ?? s;
export const incentiveStatusTone = (s: string): Tone => INCENTIVE_STATUS_TONES[s as IncentiveStatus] ?? "gray";

export const TAX_TYPE_LABELS = { gross: "Gross", net: "Net" } as const;
