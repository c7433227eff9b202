import type { Environment } from "@/lib/contract/enums";

// Where sign-in lives and what its error codes mean. No server imports: the sign-in page, its client
// forms and server code share it.

export const SIGN_IN_PATH = "/sign-in";

/**
 * A callback URL that stays on the console: a path, never another origin (`//host`, `/\host` and
 * absolute URLs are dropped), so a crafted sign-in link cannot send the user elsewhere afterwards.
 */
export function safeCallbackUrl(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (value === SIGN_IN_PATH || value.startsWith(`${SIGN_IN_PATH}?`) || value.startsWith(`${SIGN_IN_PATH}/`)) return fallback;
  return value;
}

export function signInPath(options: { callbackUrl?: string | null; environment?: Environment | null; error?: string | null } = {}): string {
  const q = new URLSearchParams();
  const callbackUrl = safeCallbackUrl(options.callbackUrl, "");
  if (callbackUrl) q.set("callbackUrl", callbackUrl);
  if (options.environment) q.set("environment", options.environment);
  if (options.error) q.set("error", options.error);
  const s = q.toString();
  return s ? `${SIGN_IN_PATH}?${s}` : SIGN_IN_PATH;
}
