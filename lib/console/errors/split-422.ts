import type { ApiErrorPayload } from "@/lib/console/api-errors";

// The one 422 splitter of the console (docs/decisions/console-error-path.md): the API's field errors
// that a form has a field for go on that field, the rest are listed in the error banner so nothing is
// lost. Each form keeps only its field table (`fieldOf`: the API's dotted key → the form's field, or
// null); the x-jsf forms map their part with `mapServerErrors` (lib/forms).

/** A form's field for an API key (after a leading `body.` is dropped), or null when it has none. */
export type FieldOf<F extends string> = (apiKey: string) => F | null;

/** The field errors of an error when it is a 422, else none. */
export function fieldErrorsOf(error: ApiErrorPayload): Record<string, string[]> | undefined {
  return error.status === 422 ? error.fieldErrors : undefined;
}

/** The field errors a form takes, as lists of messages per field, and the rest as "key: messages" lines. */
export function partitionFieldErrors<F extends string>(
  fieldErrors: Record<string, string[]> | undefined,
  fieldOf: FieldOf<F>,
): { byField: Partial<Record<F, string[]>>; other: string[] } {
  const byField: Partial<Record<F, string[]>> = {};
  const other: string[] = [];
  for (const [rawKey, messages] of Object.entries(fieldErrors ?? {})) {
    // The BFF's own validation prefixes nothing; some validators say `body.x`.
    const field = fieldOf(rawKey.replace(/^body\./, ""));
    if (field) (byField[field] ??= []).push(...messages);
    else other.push(`${rawKey}: ${messages.join(" ")}`);
  }
  return { byField, other };
}

/** The field errors a form takes, one text per field, and the rest as "key: messages" lines. */
export function splitFieldErrors<F extends string>(
  fieldErrors: Record<string, string[]> | undefined,
  fieldOf: FieldOf<F>,
): { byField: Partial<Record<F, string>>; other: string[] } {
  const { byField: lists, other } = partitionFieldErrors(fieldErrors, fieldOf);
  const byField: Partial<Record<F, string>> = {};
  for (const [field, messages] of Object.entries(lists) as [F, string[]][]) byField[field] = messages.join(" ");
  return { byField, other };
}

/** A field table: an exact key, or the key's first segment (`timeoff_days.3.hours` → `timeoff_days`). */
export function fieldByPrefix<F extends string>(fields: readonly F[]): FieldOf<F> {
  return (apiKey) => {
    if ((fields as readonly string[]).includes(apiKey)) return apiKey as F;
    const head = apiKey.split(".")[0]!;
    return (fields as readonly string[]).includes(head) ? (head as F) : null;
  };
}
