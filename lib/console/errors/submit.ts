import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { toErrorPayload } from "@/lib/console/errors/present";
import { fieldErrorsOf } from "@/lib/console/errors/split-422";

// The console's one "submit failed" step (docs/decisions/console-error-path.md): a 401 is left to the
// providers' cache handler (it is taking the user to sign-in); a 422's field errors go on the form's
// fields (focus on the first); the caller shows the rest in the ErrorBanner.

export interface SubmitRefusal {
  error: ApiErrorPayload;
  /** Field errors with no field on the form, as "key: messages" lines for the banner. */
  other: string[];
  /** How many fields got a message. */
  onFields: number;
}

export type SetFieldError<F extends string> = (
  field: F,
  error: { type: "server"; message: string },
  options: { shouldFocus: boolean },
) => void;

/** Puts a failed submit's field errors on their fields; null for a 401 (nothing to show). */
export function putFieldErrors<F extends string>(
  thrown: unknown,
  split: (fieldErrors: Record<string, string[]> | undefined) => { byField: Partial<Record<F, string>>; other: string[] },
  setError: SetFieldError<F>,
): SubmitRefusal | null {
  const error = toErrorPayload(thrown);
  if (error.status === 401) return null;
  const { byField, other } = split(fieldErrorsOf(error));
  const entries = Object.entries(byField) as [F, string][];
  entries.forEach(([field, message], i) => setError(field, { type: "server", message }, { shouldFocus: i === 0 }));
  return { error, other, onFields: entries.length };
}
