import "server-only";
import { DELIVERY_STATUS_LABELS } from "@/lib/console/webhooks/events";
import { deliveriesList } from "@/lib/console/webhooks/list";
import type { WebhookDeliveryRow } from "@/lib/console/webhooks/read";
import { listAllWebhookCallbacks, listWebhookEvents } from "../../webhooks/api";
import type { CsvColumn } from "../csv";
import type { ExportSpec } from "../handler";
import { liveListSource } from "../live-list";

// The delivery log's export: the columns of components/console/webhooks/deliveries-table.tsx, by the
// same ids (the provider's log has no attempts, callback or payload: those cells stay empty).

type Ctx = { callbacks: ReadonlyMap<string, string> };

/** The ids a payload names besides its type and company (the table's "what it is about" line). */
function subjectOf(payload: Record<string, unknown> | null): string | null {
  if (!payload) return null;
  const entry = Object.entries(payload).find(([k, v]) => k !== "event_type" && k !== "company_id" && typeof v === "string");
  return entry ? `${entry[0]}: ${String(entry[1])}` : null;
}

export const DELIVERY_EXPORT_COLUMNS: CsvColumn<WebhookDeliveryRow, Ctx>[] = [
  { id: "Event", header: "Event type", value: (e) => e.event_type },
  { id: "Event", header: "Subject", value: (e) => subjectOf(e.payload) },
  { id: "Event", header: "Delivery ID", value: (e) => e.id },
  { id: "Status", header: "Status", value: (e) => DELIVERY_STATUS_LABELS[e.status] ?? e.status },
  { id: "Status", header: "Last HTTP status", value: (e) => e.last_status_code },
  { id: "Status", header: "Last error", value: (e) => e.last_error },
  { id: "Status", header: "Next attempt at", value: (e) => e.next_attempt_at },
  { id: "Attempts", header: "Attempts", value: (e) => e.attempts },
  { id: "First triggered", header: "First triggered", value: (e) => e.first_triggered_at },
  { id: "Last triggered", header: "Last triggered", value: (e) => e.last_triggered_at },
  {
    id: "Callback",
    header: "Callback",
    value: (e, c) =>
      e.webhook_callback_id ? (c.callbacks.get(e.webhook_callback_id) ?? `deleted callback ${e.webhook_callback_id}`) : null,
  },
];

export const deliveriesExport = {
  list: deliveriesList,
  name: "webhook-deliveries",
  columns: DELIVERY_EXPORT_COLUMNS,
  source: liveListSource({
    list: deliveriesList,
    fetchPage: (api, q) => listWebhookEvents(api, q),
    itemsOf: (p) => p.webhook_events,
    idOf: (e) => e.id,
    context: async (api) => {
      const companyId = api.companyId;
      const callbacks = companyId ? await listAllWebhookCallbacks(api, companyId).catch(() => []) : [];
      return { callbacks: new Map(callbacks.map((c) => [c.id, c.url])) };
    },
  }),
} satisfies ExportSpec<typeof deliveriesList.filters, WebhookDeliveryRow, Ctx>;
