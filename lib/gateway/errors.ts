import type { ActionError, ParameterError } from "@/lib/contract";

// One error vocabulary (spec section 7): a code, its HTTP status and its body shape.

export type ApiErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "method_not_allowed"
  | "conflict"
  | "payload_too_large"
  | "unsupported_media_type"
  | "validation"
  | "rate_limited"
  | "internal";

export const STATUS_BY_CODE: Record<ApiErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation: 422,
  rate_limited: 429,
  internal: 500,
};

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.message === "string" ? body.message : code);
    this.status = STATUS_BY_CODE[code];
  }
}

export const badRequest = (message: string | { code: string; message: string }) => new ApiError("bad_request", { message });
export const unauthorized = () => new ApiError("unauthorized", { message: "Unauthorized" });
export const forbidden = () => new ApiError("forbidden", { message: "Forbidden" });
export const notFound = (resource = "Resource") => new ApiError("not_found", { message: `${resource} not found` });
export const conflict = (message: string) => new ApiError("conflict", { message });
export const methodNotAllowed = (allow: string[]) =>
  new ApiError("method_not_allowed", { message: "Method not allowed" }, { Allow: allow.join(", ") });
/** The rest of the body is never read, so the connection cannot be reused: say so to the client. */
export const payloadTooLarge = (limit: number) =>
  new ApiError("payload_too_large", { message: `Request body exceeds ${limit} bytes` }, { Connection: "close" });
export const unsupportedMediaType = (expected: string) =>
  new ApiError("unsupported_media_type", { message: `Content-Type must be ${expected}` });
/** 422 `{errors: {field: [messages]}}`. */
export const fieldErrors = (errors: Record<string, string[]>) => new ApiError("validation", { errors });
/** 422 `{message: <string>}`. */
export const validationMessage = (message: string) => new ApiError("validation", { message });
export const parameterError = (e: ParameterError | ParameterError[]) => new ApiError("validation", { message: e });
export const actionError = (e: ActionError | ActionError[]) => new ApiError("validation", { message: e });
export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError("rate_limited", { message: "Too many requests" }, { "Retry-After": String(retryAfterSeconds) });
export const internalError = (requestId: string) => new ApiError("internal", { message: `Internal server error (request ${requestId})` });

/** Adds a message to a field of an `{errors}` map. */
export function addFieldError(errors: Record<string, string[]>, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}
