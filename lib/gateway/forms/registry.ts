import type { Country, FormName } from "@/lib/contract";

/** One version of a form. */
export interface FormVersion {
  version: number;
  schema: Record<string, unknown>;
  /** The text of a GATEWAY_FORMS_DIR file: served verbatim instead of the schema re-serialised. */
  source?: string;
}

/** A country the API lists, with the forms it serves. */
export interface CountryEntry {
  country: Country;
  /** Form name → versions (ascending); the last is `latest`. */
  forms: Map<string, FormVersion[]>;
}

export interface FormRegistry {
  /** Lines for the start log: one per GATEWAY_FORMS_DIR form whose rules name unknown JSON Logic operations. */
  readonly warnings: readonly string[];
  listCountries(): Country[];
  getCountry(code: string): CountryEntry | undefined;
  /** The form names a country serves (its `supported_json_schemas`), or [] for a country the API does not list. */
  listFormNames(code: string): string[];
  /** The schema of a form, or undefined when the country does not have it (or that version). */
  getForm(code: string, form: string, version?: number | "latest"): FormVersion | undefined;
  /**
   * Validates a submitted section against the country's latest schema, conditionals and JSON Logic included.
   * Returns field errors (dotted paths; "" for the section as a whole) or null when valid.
   * Throws the API's 404 "Country not found" or 422 "Form not available for requested country"
   * for a pair the registry does not serve.
   */
  validate(code: string, form: FormName, data: unknown): Record<string, string[]> | null;
}
