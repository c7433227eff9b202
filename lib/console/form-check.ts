import { toNestErrors, validateFieldsNatively } from "@hookform/resolvers";
import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";

// Browser-side checks of the console's small forms without zod (docs/decisions/console-bundle-budgets.md):
// zod and the contract's schemas are about 40 KB gzip that a list page with one small form would
// ship for a handful of rules. A form module writes its rules as a `FormCheck` (the same messages,
// in the same order, as the zod schema it replaces: a test compares both on the same values) and
// react-hook-form takes it through `checkResolver`, which answers exactly as `zodResolver` does
// (first message per field, the checked values on success). The API and the BFF stay the judges.

export interface FormIssue {
  /** Dotted path of the field ("" for the form as a whole). */
  path: string;
  message: string;
  /** What failed, as react-hook-form's `error.type` (zod's issue codes: too_small, custom…). */
  code: string;
}

export type FormCheckResult<Out> = { ok: true; values: Out } | { ok: false; issues: FormIssue[] };
export type FormCheck<In, Out = In> = (values: In) => FormCheckResult<Out>;

/** `{ok: true}` when `issues` is empty, else the issues. */
export const checked = <Out>(values: Out, issues: FormIssue[]): FormCheckResult<Out> =>
  issues.length === 0 ? { ok: true, values } : { ok: false, issues };

/** The first message of every path (as zodResolver keeps them), for tests and callers. */
export function firstIssues(issues: readonly FormIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) if (!(i.path in out)) out[i.path] = i.message;
  return out;
}

/** react-hook-form's resolver for a FormCheck (what `zodResolver(schema)` does for a schema). */
export function checkResolver<In extends FieldValues, Out = In>(check: FormCheck<In, Out>): Resolver<In, unknown, Out> {
  return (values, _context, options) => {
    const result = check(values);
    if (result.ok) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.values, errors: {} };
    }
    const errors: Record<string, { message: string; type: string }> = {};
    for (const issue of result.issues) if (!(issue.path in errors)) errors[issue.path] = { message: issue.message, type: issue.code };
    return { values: {}, errors: toNestErrors(errors as FieldErrors, options) };
  };
}

/** zod's `z.email()` pattern (zod/v4/core/regexes.js `email`), so a form accepts what the API's schema does. */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
