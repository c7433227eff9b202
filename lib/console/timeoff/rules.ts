import type { Timeoff, TimeoffStatus } from "@/lib/contract";

// What can be done to a time off, and why not (docs/decisions/areas-people-ops-timeoff-rules.md):
// approve and decline a requested one (declining needs a reason); cancel a requested or approved one
// that is not taken yet (with a reason). Taken, declined and cancelled time off is history.

export type TimeoffAction = "approve" | "decline" | "cancel";

export type ActionAvailability = { available: true } | { available: false; reason: string };

const yes: ActionAvailability = { available: true };
const no = (reason: string): ActionAvailability => ({ available: false, reason });

const CLOSED: Partial<Record<TimeoffStatus, string>> = {
  taken: "Taken time off is in the past: it can no longer be changed.",
  declined: "Declined time off is closed: request a new one instead.",
  cancelled: "Cancelled time off is closed: request a new one instead.",
  cancel_requested: "The employee asked to cancel it: that request is answered first.",
};

export function timeoffActionAvailability(t: Pick<Timeoff, "status">, action: TimeoffAction): ActionAvailability {
  const closed = CLOSED[t.status];
  if (closed) return no(closed);
  switch (action) {
    case "approve":
      return t.status === "requested" ? yes : no("Already approved.");
    case "decline":
      return t.status === "requested" ? yes : no("Only requested time off can be declined; cancel approved time off instead.");
    case "cancel":
      return yes;
  }
}

/** The actions a row offers (each with its availability), in the order they are shown. */
export const timeoffActions = (t: Pick<Timeoff, "status">) =>
  (["approve", "decline", "cancel"] as const).map((action) => ({ action, ...timeoffActionAvailability(t, action) }));

/** The body of the transition (the reason goes in the field the API names for it). */
export function transitionBody(action: TimeoffAction, reason?: string) {
  switch (action) {
    case "approve":
      return { status: "approved" as const };
    case "decline":
      return { status: "declined" as const, decline_reason: (reason ?? "").trim() };
    case "cancel":
      return { status: "cancelled" as const, cancel_reason: (reason ?? "").trim() };
  }
}

export const ACTION_LABELS: Record<TimeoffAction, string> = { approve: "Approve", decline: "Decline", cancel: "Cancel time off" };

// The BFF's body schema of a transition is in ./transition-body.ts (zod: kept out of the browser).
export type { TimeoffTransitionBody } from "./transition-body";
