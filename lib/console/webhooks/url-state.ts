import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type WebhookEventType } from "@/lib/contract";
import { MAX_PAGE, type RawSearchParams } from "@/lib/console/list";
import { isWebhookEventType } from "./events";
import { WEBHOOKS_PATH, WEBHOOK_DELIVERIES_PATH } from "./links";

// The webhooks pages keep their state in the URL, so a copied link reopens the same view.
// Deliveries inspector:
//   ?event_type=expense.approved     the API's event_type filter
//   &successfully_delivered=false    the API's delivered filter (true | false; absent = both)
//   &page=2&page_size=50             pagination (API)
//   &delivery=<id>                   the delivery whose payload and attempts are open
// Callbacks page: ?page=&page_size=.
// Parsing is lenient (a bad value falls back to its default); serializing omits defaults and writes
// keys in a fixed order, so one state has exactly one URL.

export { PAGE_SIZE_OPTIONS, pageRange, pageWindow, type RawSearchParams } from "@/lib/console/list";

export type DeliveredFilter = "true" | "false" | "";

export interface DeliveriesState {
  page: number;
  pageSize: number;
  eventType: WebhookEventType | "";
  delivered: DeliveredFilter;
  /** The delivery (log item id) shown in the detail panel, or "". */
  delivery: string;
}

export const DEFAULT_DELIVERIES_STATE: DeliveriesState = {
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  eventType: "",
  delivered: "",
  delivery: "",
};

function first(raw: RawSearchParams, key: string): string | undefined {
  if (raw instanceof URLSearchParams) return raw.get(key) ?? undefined;
  const v = raw[key];
  return Array.isArray(v) ? v[0] : v;
}

const pageSchema = z.coerce.number().int().min(1).max(MAX_PAGE).catch(1);
const pageSizeSchema = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).catch(DEFAULT_PAGE_SIZE);
/** Log ids are UUIDs; anything else (or a hand-edited value) closes the panel. */
const deliveryIdSchema = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F-]{1,64}$/)
  .catch("");

export function parseDeliveriesState(raw: RawSearchParams): DeliveriesState {
  const eventType = first(raw, "event_type") ?? "";
  const delivered = first(raw, "successfully_delivered") ?? "";
  return {
    page: pageSchema.parse(first(raw, "page")),
    pageSize: pageSizeSchema.parse(first(raw, "page_size")),
    eventType: isWebhookEventType(eventType) ? eventType : "",
    delivered: delivered === "true" || delivered === "false" ? delivered : "",
    delivery: deliveryIdSchema.parse(first(raw, "delivery") ?? ""),
  };
}

export function serializeDeliveriesState(state: DeliveriesState): URLSearchParams {
  const p = new URLSearchParams();
  if (state.eventType && isWebhookEventType(state.eventType)) p.set("event_type", state.eventType);
  if (state.delivered) p.set("successfully_delivered", state.delivered);
  if (state.page !== 1) p.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) p.set("page_size", String(state.pageSize));
  if (state.delivery) p.set("delivery", state.delivery);
  return p;
}

export function deliveriesHref(state: DeliveriesState): string {
  const qs = serializeDeliveriesState(state).toString();
  return qs ? `${WEBHOOK_DELIVERIES_PATH}?${qs}` : WEBHOOK_DELIVERIES_PATH;
}

/** The next state: a change of filter or page size goes back to page 1 (the open delivery stays). */
export function updateDeliveriesState(state: DeliveriesState, patch: Partial<DeliveriesState>): DeliveriesState {
  const next = { ...state, ...patch };
  const filtersChanged =
    ("eventType" in patch && patch.eventType !== state.eventType) ||
    ("delivered" in patch && patch.delivered !== state.delivered) ||
    ("pageSize" in patch && patch.pageSize !== state.pageSize);
  if (filtersChanged && !("page" in patch)) next.page = 1;
  return next;
}

export const hasDeliveryFilters = (s: DeliveriesState) => s.eventType !== "" || s.delivered !== "";

/** Query of `GET /v1/webhook-events` (also the list's query key: the open delivery is not part of it). */
export interface DeliveriesApiQuery {
  page: number;
  page_size: number;
  event_type?: WebhookEventType;
  successfully_delivered?: "true" | "false";
}

export function toDeliveriesApiQuery(state: DeliveriesState): DeliveriesApiQuery {
  const q: DeliveriesApiQuery = { page: state.page, page_size: state.pageSize };
  if (state.eventType) q.event_type = state.eventType;
  if (state.delivered) q.successfully_delivered = state.delivered;
  return q;
}

/** The BFF's query string for an API query (fixed key order: it is also a cache key's URL). */
export function deliveriesQueryToSearch(q: DeliveriesApiQuery): string {
  const p = new URLSearchParams({ page: String(q.page), page_size: String(q.page_size) });
  if (q.event_type) p.set("event_type", q.event_type);
  if (q.successfully_delivered) p.set("successfully_delivered", q.successfully_delivered);
  return p.toString();
}

// ─── Callbacks page ─────────────────────────────────────────────────────────────────────────────

export interface CallbacksState {
  page: number;
  pageSize: number;
}

export const DEFAULT_CALLBACKS_STATE: CallbacksState = { page: 1, pageSize: DEFAULT_PAGE_SIZE };

export function parseCallbacksState(raw: RawSearchParams): CallbacksState {
  return { page: pageSchema.parse(first(raw, "page")), pageSize: pageSizeSchema.parse(first(raw, "page_size")) };
}

export function callbacksHref(state: CallbacksState): string {
  const p = new URLSearchParams();
  if (state.page !== 1) p.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) p.set("page_size", String(state.pageSize));
  const qs = p.toString();
  return qs ? `${WEBHOOKS_PATH}?${qs}` : WEBHOOKS_PATH;
}

export interface CallbacksApiQuery {
  page: number;
  page_size: number;
}

export const toCallbacksApiQuery = (s: CallbacksState): CallbacksApiQuery => ({ page: s.page, page_size: s.pageSize });
