import { WEBHOOK_EVENT_TYPES, type WEBHOOK_DELIVERY_STATUSES } from "@/lib/contract/enums";
import type { WebhookEventType } from "@/lib/contract";

// The event types of spec 6.1/6.2 as the console presents them: grouped by area (the part of the
// name before the first dot), each with what emits it, in one canonical order.

export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** What emits each event type (spec 6.1 and 6.2, shortened). */
export const EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "background_check.status.updated": "A background check request's status is updated",
  "employment.account.updated": "An employment's account email is updated",
  "employment.administrative_details.updated": "The administrative details of an employment are updated",
  "employment.details.updated": "An employment's department or manager is updated",
  "employment.employment_agreement.available": "An employment agreement becomes available",
  "employment.onboarding.completed": "Onboarding is completed and no documents remain to check",
  "employment.onboarding_task.completed": "An onboarding task is completed",
  "employment.user_status.activated": "The user status is activated",
  "employment.user_status.deactivated": "The user status is deactivated",
  "employment.personal_information.updated": "Personal information is updated",
  "payslip.released": "A payslip is ready (the payload has the payslip ID only)",
  "contract_amendment.done": "A contract amendment is done",
  "expense.approved": "An expense is approved",
  "expense.declined": "An expense is declined",
  "expense.updated": "An expense is updated",
  "expense.deleted": "An expense is deleted",
  "incentive.created": "An incentive is created",
  "incentive.updated": "An incentive is updated",
  "incentive.deleted": "An incentive is deleted",
  "incentive.paid": "An incentive is paid",
  "incentive.processing_started": "An incentive's processing starts",
  "offboarding.submitted": "An offboarding is submitted",
  "offboarding.review_started": "An offboarding's review starts (formerly offboarding.in_review)",
  "offboarding.deleted": "An offboarding is deleted",
};

/** Areas in the order the picker shows them; an area not listed here goes last, under its own key. */
const AREA_LABELS: Record<string, string> = {
  employment: "Employments",
  background_check: "Background checks",
  contract_amendment: "Contract amendments",
  payslip: "Payslips",
  expense: "Expenses",
  incentive: "Incentives",
  offboarding: "Offboarding",
};
const AREA_ORDER = Object.keys(AREA_LABELS);

export interface EventGroup {
  /** The area: the event name's first segment ("employment", "expense"…). */
  area: string;
  label: string;
  events: WebhookEventType[];
}

export const areaOf = (eventType: string) => eventType.split(".")[0] ?? eventType;

/** Event types grouped by area; within a group, the spec's order. Every type is in exactly one group. */
export function groupEventTypes(types: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES): EventGroup[] {
  const byArea = new Map<string, WebhookEventType[]>();
  for (const t of types) {
    const area = areaOf(t);
    const list = byArea.get(area) ?? [];
    if (!list.includes(t)) list.push(t);
    byArea.set(area, list);
  }
  const rank = (area: string) => (AREA_ORDER.includes(area) ? AREA_ORDER.indexOf(area) : AREA_ORDER.length);
  return [...byArea.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([area, events]) => ({ area, label: AREA_LABELS[area] ?? area, events }));
}

export const EVENT_GROUPS: readonly EventGroup[] = groupEventTypes();

export const isWebhookEventType = (value: unknown): value is WebhookEventType =>
  typeof value === "string" && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

/** Known event types, deduplicated, in the spec's order (anything else is dropped). */
export function normalizeEventTypes(values: readonly string[]): WebhookEventType[] {
  const wanted = new Set(values);
  return WEBHOOK_EVENT_TYPES.filter((t) => wanted.has(t));
}

/** How much of a group is selected: drives the group's tri-state checkbox. */
export function groupSelection(selected: readonly string[], group: EventGroup): "all" | "some" | "none" {
  const n = group.events.filter((e) => selected.includes(e)).length;
  return n === 0 ? "none" : n === group.events.length ? "all" : "some";
}

/** Selects or clears a whole group; the result stays in canonical order. */
export function toggleGroup(selected: readonly string[], group: EventGroup, checked: boolean): WebhookEventType[] {
  const rest = selected.filter((e) => !(group.events as readonly string[]).includes(e));
  return normalizeEventTypes(checked ? [...rest, ...group.events] : rest);
}

export function toggleEvent(selected: readonly string[], eventType: WebhookEventType, checked: boolean): WebhookEventType[] {
  return normalizeEventTypes(checked ? [...selected, eventType] : selected.filter((e) => e !== eventType));
}

/** Whether a callback receives an event type. */
export function callbackReceives(
  callback: { subscribe_to_all_events: boolean; subscribed_events: readonly string[] },
  eventType: string,
): boolean {
  return callback.subscribe_to_all_events || callback.subscribed_events.includes(eventType);
}

export const DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: "Pending",
  delivered: "Delivered",
  failed: "Failed",
  cancelled: "Cancelled",
};

export const DELIVERY_STATUS_TONES: Record<WebhookDeliveryStatus, "amber" | "green" | "red" | "gray"> = {
  pending: "amber",
  delivered: "green",
  failed: "red",
  cancelled: "gray",
};

/** What each status means, for the badge's title and the legend. */
export const DELIVERY_STATUS_HINTS: Record<WebhookDeliveryStatus, string> = {
  pending: "Not delivered yet: waiting for its first attempt or for a retry",
  delivered: "The callback answered 2xx within 15 seconds",
  failed: "Every retry failed; replay it to try again",
  cancelled: "The callback was deleted before delivery",
};
