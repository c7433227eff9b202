import { WEBHOOK_EVENT_TYPES } from "@/lib/contract/enums";
import { defineList, filter, type ListApiQueryOf, type ListStateOf, type SortAccessors } from "@/lib/console/list";
import type { WebhookDeliveryRow } from "./read";
import { WEBHOOKS_PATH, WEBHOOK_DELIVERIES_PATH } from "./links";

// The webhooks pages keep their state in the URL, so a copied link reopens the same view. Both are
// declared with the console's list framework (lib/console/list, docs/decisions/console-list-framework.md):
// lenient parsing (a bad value falls back to its default), defaults omitted, one URL per state.
// Deliveries inspector:
//   ?event_type=expense.approved     the API's event_type filter
//   &successfully_delivered=false    the API's delivered filter (true | false; absent = both)
//   &page=2&page_size=50             pagination (API)
//   &delivery=<id>                   the delivery whose payload and attempts are open (not sent to the API)
// Callbacks page: ?page=&page_size=.

export const DELIVERED_VALUES = ["true", "false"] as const;

export const deliveriesList = defineList(WEBHOOK_DELIVERIES_PATH, {
  // Every column but the callback (its URL is the company's callbacks list's, not the delivery's) sorts,
  // across all pages on the server (lib/console/server/list/sorted.ts).
  sort: { keys: ["event", "status", "attempts", "first_triggered", "last_triggered"] },
  columns: ["status", "attempts", "first_triggered", "last_triggered", "callback"],
  filters: {
    eventType: filter.enum(WEBHOOK_EVENT_TYPES, { key: "event_type" }),
    delivered: filter.enum(DELIVERED_VALUES, { key: "successfully_delivered" }),
    /** Log ids are UUIDs; anything else (or a hand-edited value) closes the panel. Opening one keeps the page. */
    delivery: filter.text({ api: false, max: 64, pattern: /^[0-9a-fA-F-]+$/ }),
  },
});

export type DeliveriesState = ListStateOf<typeof deliveriesList>;
export type DeliveredFilter = DeliveriesState["delivered"];
/** Query of `GET /v1/webhook-events` (also the list's query key: the open delivery is not part of it). */
export type DeliveriesApiQuery = ListApiQueryOf<typeof deliveriesList>;

// ─── Callbacks page ─────────────────────────────────────────────────────────────────────────────

export const callbacksList = defineList(WEBHOOKS_PATH, { filters: {} });

export type CallbacksState = ListStateOf<typeof callbacksList>;
export type CallbacksApiQuery = ListApiQueryOf<typeof callbacksList>;

/** Sort values of a delivery row as the table shows them. */
export const deliverySortAccessors: SortAccessors<WebhookDeliveryRow> = {
  event: (e) => e.event_type,
  status: (e) => e.status,
  attempts: (e) => e.attempts,
  first_triggered: (e) => e.first_triggered_at,
  last_triggered: (e) => e.last_triggered_at,
};
