import { FORM_NAMES } from "@/lib/contract";
import { BUILT_IN_COUNTRIES } from "./countries";
import type { FormDefinition } from "./schema/form";

// Example data of the built-in forms: deterministic and valid, for the demo seed and for tests.
// Variants cycle through people, addresses and the branches of each form's conditionals.

/** The forms a built-in country serves (every form name, in the contract's order), or [] for another code. */
export function listFormNames(code: string): string[] {
  const country = BUILT_IN_COUNTRIES.get(code);
  return country ? FORM_NAMES.filter((f) => f in country.forms) : [];
}

/** Valid data for a built-in (country, form); throws for a pair that does not exist. */
export function exampleSection(code: string, form: string, variant = 0): Record<string, unknown> {
  const forms: Partial<Record<string, FormDefinition>> | undefined = BUILT_IN_COUNTRIES.get(code)?.forms;
  const definition = forms && Object.hasOwn(forms, form) ? forms[form] : undefined;
  if (!definition) throw new Error(`No built-in form ${form} for country ${code}`);
  if (!Number.isInteger(variant) || variant < 0) throw new Error(`Example variant must be a non-negative integer, got ${variant}`);
  // A fresh object each time: callers (the seed) add to it.
  return structuredClone(definition.example(variant));
}
