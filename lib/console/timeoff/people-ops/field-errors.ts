import { z } from "zod";
import { PlainDateSchema } from "@/lib/contract";

// Where the API's 422 field errors land on a form: keys the form has go on their field (the API's
// dotted paths, e.g. `termination_details.reason_description`, are mapped by the caller's table),
// the rest are listed in the error banner so nothing is lost.

export function splitFieldErrors<F extends string>(
  fieldErrors: Record<string, string[]> | undefined,
  fieldOf: (apiKey: string) => F | null,
): { byField: Partial<Record<F, string>>; other: string[] } {
  const byField: Partial<Record<F, string>> = {};
  const other: string[] = [];
  for (const [rawKey, messages] of Object.entries(fieldErrors ?? {})) {
    // The BFF's own validation prefixes nothing; some validators say `body.x`.
    const key = rawKey.replace(/^body\./, "");
    const text = messages.join(" ");
    const field = fieldOf(key);
    if (field) byField[field] = byField[field] ? `${byField[field]} ${text}` : text;
    else other.push(`${rawKey}: ${text}`);
  }
  return { byField, other };
}

/** A field table: an exact key, or the key's first segment (`timeoff_days.3.hours` → `timeoff_days`). */
export function fieldByPrefix<F extends string>(fields: readonly F[]): (apiKey: string) => F | null {
  return (apiKey) => {
    if ((fields as readonly string[]).includes(apiKey)) return apiKey as F;
    const head = apiKey.split(".")[0]!;
    return (fields as readonly string[]).includes(head) ? (head as F) : null;
  };
}

/** A form's date field: "choose a date" when empty, then the contract's own date rule. */
export const formDate = (blank = "choose a date") => z.string().min(1, blank).pipe(PlainDateSchema);
