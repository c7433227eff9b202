import { z } from "zod";
import { splitFieldErrors } from "@/lib/console/errors/split-422";
import {
  CreateWebhookCallbackBodySchema,
  UpdateWebhookCallbackBodySchema,
  WEBHOOK_URL_MAX_LENGTH,
  WebhookEventTypeSchema,
  type CreateWebhookCallbackBody,
  type UpdateWebhookCallbackBody,
  type WebhookCallback,
} from "@/lib/contract";
import { normalizeEventTypes } from "./events";

// The register / edit callback form: its values, its schema, the bodies it sends, and where the
// API's 422 errors land. The API stays the judge of the URL (https, no private or metadata address):
// the form only checks that it is an absolute http(s) URL, so the API's own message reaches the field.

const isHttpUrl = (value: string) => {
  try {
    const u = new URL(value);
    return (u.protocol === "https:" || u.protocol === "http:") && u.hostname !== "";
  } catch {
    return false;
  }
};

export const CallbackFormSchema = z
  .object({
    url: z
      .string()
      .trim()
      .min(1, "is required")
      .max(WEBHOOK_URL_MAX_LENGTH, `must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
      .refine((v) => v === "" || isHttpUrl(v), "must be an absolute URL, such as https://example.com/webhooks"),
    all_events: z.boolean(),
    events: z.array(WebhookEventTypeSchema),
  })
  .superRefine((v, ctx) => {
    if (!v.all_events && v.events.length === 0) {
      ctx.addIssue({ code: "custom", path: ["events"], message: "pick at least one event type, or all events" });
    }
  });
export type CallbackFormValues = z.infer<typeof CallbackFormSchema>;
export type CallbackFormField = keyof CallbackFormValues;

export const EMPTY_CALLBACK_FORM: CallbackFormValues = { url: "", all_events: false, events: [] };

/**
 * The form's values for an existing callback. With "all events" the API lists every type; the form
 * keeps the list empty so that unticking "all events" starts from an explicit choice.
 */
export function callbackFormDefaults(
  callback: Pick<WebhookCallback, "url" | "subscribe_to_all_events" | "subscribed_events">,
): CallbackFormValues {
  return {
    url: callback.url,
    all_events: callback.subscribe_to_all_events,
    events: callback.subscribe_to_all_events ? [] : normalizeEventTypes(callback.subscribed_events),
  };
}

/** `POST /v1/webhook-callbacks`: the URL and the events, or `subscribe_to_all_events: true`. */
export function toCreateBody(values: CallbackFormValues): CreateWebhookCallbackBody {
  const url = values.url.trim();
  const body: CreateWebhookCallbackBody = values.all_events
    ? { url, subscribe_to_all_events: true }
    : { url, subscribed_events: normalizeEventTypes(values.events) };
  return CreateWebhookCallbackBodySchema.parse(body);
}

/**
 * `PATCH /v1/webhook-callbacks/{id}`: what changed, or null when nothing did. A change of events
 * sends both `subscribe_to_all_events` and the list, so the result never depends on what was stored.
 */
export function toUpdateBody(values: CallbackFormValues, defaults: CallbackFormValues): UpdateWebhookCallbackBody | null {
  const body: UpdateWebhookCallbackBody = {};
  const url = values.url.trim();
  if (url !== defaults.url.trim()) body.url = url;
  const events = normalizeEventTypes(values.events);
  const eventsChanged =
    values.all_events !== defaults.all_events || (!values.all_events && events.join() !== normalizeEventTypes(defaults.events).join());
  if (eventsChanged) {
    if (values.all_events) body.subscribe_to_all_events = true;
    else {
      body.subscribe_to_all_events = false;
      body.subscribed_events = events;
    }
  }
  return Object.keys(body).length === 0 ? null : UpdateWebhookCallbackBodySchema.parse(body);
}

/** The API's (or the BFF's) field names → the form's fields. */
function fieldOf(key: string): CallbackFormField | null {
  if (key === "url") return "url";
  if (key === "subscribed_events" || key.startsWith("subscribed_events.") || key === "subscribe_to_all_events") return "events";
  return null;
}

/** 422 field errors split into the form's fields and the rest (shown in the banner). */
export const splitCallbackFieldErrors = (fieldErrors: Record<string, string[]> | undefined) => splitFieldErrors(fieldErrors, fieldOf);
