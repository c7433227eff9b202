// Upstream API errors as the console sees them: usable on server and client (no server imports).

export type ApiErrorKind =
  "bad_request" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "validation" | "rate_limited" | "server" | "network";

export interface ApiErrorPayload {
  kind: ApiErrorKind;
  status: number;
  /** The API's message, verbatim (flattened when it is an object or a list). */
  message: string;
  /** The API's request id (x-request-id), for support. */
  requestId: string | null;
  /** 422 field errors, dotted paths → messages. */
  fieldErrors?: Record<string, string[]>;
  /** Seconds to wait (429). */
  retryAfter?: number;
  /** The raw body, for ActionError / ParameterError codes. */
  body?: unknown;
}

export class ApiRequestError extends Error {
  constructor(readonly payload: ApiErrorPayload) {
    super(payload.message);
    this.name = "ApiRequestError";
  }
  get status() {
    return this.payload.status;
  }
}

const KIND_BY_STATUS: Record<number, ApiErrorKind> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  422: "validation",
  429: "rate_limited",
};

function flattenMessage(message: unknown): string {
  if (typeof message === "string") return message;
  if (Array.isArray(message)) return message.map(flattenMessage).join("; ");
  if (message && typeof message === "object") {
    const m = message as { message?: unknown; param?: string };
    const text = typeof m.message === "string" ? m.message : JSON.stringify(message);
    return m.param && !text.includes(m.param) ? `${m.param}: ${text}` : text;
  }
  return "";
}

/** Builds the error payload of a non-2xx response body (spec section 7 shapes). */
export function toApiErrorPayload(status: number, body: unknown, requestId: string | null, retryAfter?: number): ApiErrorPayload {
  const kind = KIND_BY_STATUS[status] ?? (status >= 500 ? "server" : "bad_request");
  const b = (body ?? {}) as { message?: unknown; errors?: Record<string, string[]>; error?: string; error_description?: string };
  let message = flattenMessage(b.message);
  let fieldErrors: Record<string, string[]> | undefined;
  if (b.errors && typeof b.errors === "object") {
    fieldErrors = b.errors;
    message ||= Object.entries(b.errors)
      .map(([f, m]) => `${f}: ${m.join(", ")}`)
      .join("; ");
  }
  if (!message && b.error) message = b.error_description ? `${b.error}: ${b.error_description}` : b.error;
  if (!message) message = status >= 500 ? `The API failed (HTTP ${status})` : `Request failed (HTTP ${status})`;
  return { kind, status, message, requestId, fieldErrors, retryAfter, body };
}

/** What the user should read for an error, by kind (the API's own message is kept verbatim). */
export function describeApiError(e: ApiErrorPayload): string {
  switch (e.kind) {
    case "forbidden":
      return `You don't have permission for this: the token lacks the scope or your role doesn't allow it (${e.message}).`;
    case "rate_limited":
      return `The API's rate limit is reached. Try again in ${e.retryAfter ?? 60} seconds.`;
    case "unauthorized":
      return "Your session with the API has ended. Sign in again.";
    case "network":
      return `The API could not be reached: ${e.message}`;
    default:
      return e.message;
  }
}
