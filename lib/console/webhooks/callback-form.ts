import { splitFieldErrors } from "@/lib/console/errors/split-422";
import { checked, type FormCheck, type FormIssue } from "@/lib/console/form-check";
import type { CreateWebhookCallbackBody, UpdateWebhookCallbackBody, WebhookCallback, WebhookEventType } from "@/lib/contract";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX_LENGTH } from "@/lib/contract/enums";
import { normalizeEventTypes } from "./events";

// The register / edit callback form: its values, its schema, the bodies it sends, and where the
// API's 422 errors land. The API stays the judge of the URL (https, no private or metadata address):
// the form only checks that it is an absolute http(s) URL, so the API's own message reaches the field.

export const isHttpUrl = (value: string) => {
  try {
    const u = new URL(value);
    return (u.protocol === "https:" || u.protocol === "http:") && u.hostname !== "";
  } catch {
    return false;
  }
};

export interface CallbackFormValues {
  url: string;
  all_events: boolean;
  events: WebhookEventType[];
}

/**
 * The form's rules, without zod (this module ships with the webhooks page): the URL is required, at
 * most WEBHOOK_URL_MAX_LENGTH characters and an absolute http(s) URL (trimmed); the events are the
 * contract's; at least one unless "all events". ./callback-form-schema.ts is the zod schema these
 * match, message for message (the test compares them).
 */
export const checkCallbackForm: FormCheck<CallbackFormValues> = (v) => {
  const issues: FormIssue[] = [];
  const url = String(v.url ?? "").trim();
  if (url.length < 1) issues.push({ path: "url", message: "is required", code: "too_small" });
  if (url.length > WEBHOOK_URL_MAX_LENGTH)
    issues.push({ path: "url", message: `must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`, code: "too_big" });
  if (!(url === "" || isHttpUrl(url)))
    issues.push({ path: "url", message: "must be an absolute URL, such as https://example.com/webhooks", code: "custom" });
  (v.events ?? []).forEach((e, i) => {
    if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(e))
      issues.push({
        path: `events.${i}`,
        message: `Invalid option: expected one of ${WEBHOOK_EVENT_TYPES.map((t) => JSON.stringify(t)).join("|")}`,
        code: "invalid_value",
      });
  });
  // The object-level rule runs after the fields' own checks, unless a value is of the wrong kind
  // (an unknown event type), as zod's superRefine does.
  if (!issues.some((i) => i.code === "invalid_value") && !v.all_events && v.events.length === 0)
    issues.push({ path: "events", message: "pick at least one event type, or all events", code: "custom" });
  return checked({ url, all_events: v.all_events, events: v.events }, issues);
};
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
  return body;
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
  return Object.keys(body).length === 0 ? null : body;
}

/** The API's (or the BFF's) field names → the form's fields. */
function fieldOf(key: string): CallbackFormField | null {
  if (key === "url") return "url";
  if (key === "subscribed_events" || key.startsWith("subscribed_events.") || key === "subscribe_to_all_events") return "events";
  return null;
}

/** 422 field errors split into the form's fields and the rest (shown in the banner). */
export const splitCallbackFieldErrors = (fieldErrors: Record<string, string[]> | undefined) => splitFieldErrors(fieldErrors, fieldOf);
