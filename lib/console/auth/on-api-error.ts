import { ApiRequestError } from "@/lib/console/api-errors";
import { signInHref } from "@/lib/console/auth/sign-in-href";

/** A 401 from the BFF means the session (or its API grant) ended: sign in again, then come back (browser only). */
export function onApiError(error: unknown) {
  if (error instanceof ApiRequestError && error.status === 401) {
    window.location.assign(signInHref(`${window.location.pathname}${window.location.search}`, { expired: true }));
  }
}
