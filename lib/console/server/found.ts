import "server-only";
import { notFound } from "next/navigation";
import { ApiRequestError } from "@/lib/console/api-errors";

// The existence check of a detail segment's layout (docs/decisions/console-not-found.md). The HTTP
// status is sent with the first bytes of the page: a loading.tsx boundary flushes the shell (200)
// before its page runs, so a page's notFound() can no longer change the status. A layout of the
// object's segment renders outside that boundary: it awaits the object's load (the same promise the
// page reads, through a React cache()d loader) and answers a 404 with the not-found page above it.

/**
 * Settles when the object's load settles. A 404 from the API calls notFound(); every other outcome
 * (the object, a 401, a 500, a network error) is left to the page, which shows it inside the layout.
 */
export async function requireFound(loaded: Promise<unknown>): Promise<void> {
  try {
    await loaded;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) notFound();
  }
}
