import { describeApiError, type ApiErrorPayload } from "@/lib/console/api-errors";
import { conflictTitle, type ConsoleOperation } from "@/lib/console/errors/operations";

// How an API error reads in the console, for every area: a title by status and code (the UI branches
// on the status and the body's code, never on the message's text), the API's own message verbatim,
// and the request id for support. docs/decisions/console-error-path.md.

export interface ErrorPresentation {
  tone: "error" | "warning";
  title: string;
  message: string;
  requestId: string | null;
}

/** Titles of a 409 by the code its body carries (`code` or `message.code`). */
const CONFLICT_TITLES_BY_CODE: Record<string, string> = {};

/** Title of a 409 that carries no known code and whose operation gives no meaning. */
export const CONFLICT_TITLE = "The API refused the change";

/**
 * The presentation of an error. `operation` (optional) is what the user tried: a 409 of an operation
 * whose spec names the conflict (employments.write: spec 4.1 rule 4, the company's state) takes that
 * operation's title; otherwise a 409 is titled by its code, else generically.
 */
export function presentApiError(e: ApiErrorPayload, operation?: ConsoleOperation): ErrorPresentation {
  const base = { requestId: e.requestId };
  if (isScopeChanged(e)) return { ...base, tone: "warning", title: "Environment changed", message: e.message };
  switch (e.kind) {
    case "conflict": {
      const code = errorCode(e);
      const title = (code && CONFLICT_TITLES_BY_CODE[code]) ?? (operation && conflictTitle(operation)) ?? CONFLICT_TITLE;
      // The message names the resource's state; it is shown as the API wrote it.
      return { ...base, tone: "warning", title, message: e.message };
    }
    case "forbidden":
      return { ...base, tone: "error", title: "Permission missing", message: describeApiError(e) };
    case "rate_limited":
      return {
        ...base,
        tone: "warning",
        title: "Too many requests",
        message: `${describeApiError(e)} Roster already waited once as the API asked; nothing was changed.`,
      };
    case "unauthorized":
      return { ...base, tone: "warning", title: "Signed out", message: describeApiError(e) };
    case "network":
      return { ...base, tone: "error", title: "The API is unreachable", message: describeApiError(e) };
    case "not_found":
      return { ...base, tone: "error", title: "Not found", message: e.message };
    case "validation":
      return { ...base, tone: "error", title: "The API refused the request", message: e.message };
    case "bad_request":
      return { ...base, tone: "error", title: "The request was refused", message: e.message };
    default:
      return { ...base, tone: "error", title: "The API failed", message: e.message };
  }
}

/** The machine-readable code of an error body: `code`, or `message.code` (ActionError / ParameterError). */
export function errorCode(e: ApiErrorPayload): string | null {
  const b = e.body;
  if (typeof b !== "object" || b === null) return null;
  const { code, message } = b as { code?: unknown; message?: unknown };
  if (typeof code === "string") return code;
  if (typeof message === "object" && message !== null && typeof (message as { code?: unknown }).code === "string")
    return (message as { code: string }).code;
  return null;
}

/** Code of the BFF's 409 when the session shows another environment or company than the caller's. */
export const SCOPE_CHANGED = "scope_changed";

/** The BFF's 409 when the session was switched to another environment or company meanwhile. */
export function isScopeChanged(e: ApiErrorPayload): boolean {
  return e.status === 409 && errorCode(e) === SCOPE_CHANGED;
}

export { toErrorPayload } from "./to-payload";
