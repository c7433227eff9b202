import { TIMEOFF_TYPE_DESCRIPTIONS } from "@/lib/contract/enums";
import type { AnyTimeoffType, TimeoffStatus, TimeoffType } from "@/lib/contract";
import type { Tone } from "@/lib/console/employments/labels";

// Human labels and badge colours of the time off enums (one table each: list, filters and forms agree).

/** Every type the provider may answer (Roster's, then the provider's own). */
export const TIMEOFF_TYPE_LABELS: Record<AnyTimeoffType, string> = {
  paid_time_off: "Paid time off",
  sick_leave: "Sick leave",
  public_holiday: "Public holiday",
  unpaid_leave: "Unpaid leave",
  extended_leave: "Extended leave",
  in_lieu_time: "Time in lieu",
  maternity_leave: "Maternity leave",
  paternity_leave: "Paternity leave",
  parental_leave: "Parental leave",
  bereavement: "Bereavement",
  military_leave: "Military leave",
  other: "Other",
  time_off: "Time off",
  custom_company_leave: "Company leave",
  rtt: "RTT (reduced working time)",
  casual_leave: "Casual leave",
  rol: "ROL (reduced working hours)",
  ex_festivita: "Ex-festività",
};

/** The contract's descriptions, for when the types endpoint has not answered yet. */
export const TIMEOFF_TYPE_FALLBACK_DESCRIPTIONS: Record<TimeoffType, string> = TIMEOFF_TYPE_DESCRIPTIONS;

export const TIMEOFF_STATUS_LABELS: Record<TimeoffStatus, string> = {
  requested: "Requested",
  approved: "Approved",
  taken: "Taken",
  declined: "Declined",
  cancelled: "Cancelled",
  cancel_requested: "Cancellation requested",
};

export const TIMEOFF_STATUS_TONES: Record<TimeoffStatus, Tone> = {
  requested: "amber",
  approved: "green",
  taken: "teal",
  declined: "red",
  cancelled: "gray",
  cancel_requested: "amber",
};

export const TIMEOFF_STATUS_DESCRIPTIONS: Record<TimeoffStatus, string> = {
  requested: "Waiting for approval.",
  approved: "Approved and still to come (or under way).",
  taken: "Approved, and its last day has passed in its time zone.",
  declined: "Declined by an approver, with a reason.",
  cancelled: "Cancelled, with a reason.",
  cancel_requested: "Approved; the employee asked to cancel it (the provider's status; Roster does not produce it).",
};
