import { signInPath } from "@/lib/console/auth/sign-in-url";

/**
 * The console's sign-in page, coming back to `returnTo` (a same-origin path) afterwards. `expired`
 * says why: the API refused the session's token (401) and its refresh failed.
 */
export function signInHref(returnTo?: string | null, options: { expired?: boolean } = {}): string {
  return signInPath({ callbackUrl: returnTo, error: options.expired ? "SessionExpired" : null });
}
