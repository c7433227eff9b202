import { ApiRequestError, type ApiErrorPayload } from "@/lib/console/api-errors";

// Apart from present.ts: the console's shell and lists convert errors on every page, and present.ts
// brings every operation's permission and conflict texts (operations.ts) with it.

/** Any thrown value as an error payload (the BFF client throws ApiRequestError; anything else is a bug). */
export function toErrorPayload(error: unknown): ApiErrorPayload {
  if (error instanceof ApiRequestError) return error.payload;
  return { kind: "server", status: 0, message: error instanceof Error ? error.message : String(error), requestId: null };
}
