import { compileSchema } from "./ajv";
import { checkBody, checkData, checkFormValues } from "./check";
import { API_MESSAGES } from "./messages";
import type { FieldErrors, FormValues, JsonSchema } from "./types";

// The form engine's validation bound to its ajv (./ajv): what the API and the tests call. The
// console's browser code takes ./check and loads ./ajv on demand (components/forms/country-form.tsx).

export { FORM_ERROR_KEY, SECTION_ERROR_KEY, displayMessage, humanize, labelOf } from "./check";

/**
 * The API's verdict on a submitted section: field errors by dotted path ("" for the section as a
 * whole), in the API's words, or null when valid. Takes anything (a non-object body is an error on "").
 */
export function validateFormData(schema: JsonSchema, data: unknown): FieldErrors | null {
  return checkData(schema, data, API_MESSAGES, compileSchema);
}

/** Errors of a body (already pruned) in the console's words; null when the API would accept it. */
export function validateBody(schema: JsonSchema, body: FormValues): FieldErrors | null {
  return checkBody(schema, body, compileSchema);
}

/** Errors of a form's values in the console's words (see `checkFormValues`); null when the form can be submitted. */
export function validateFormValues(schema: JsonSchema, values: FormValues): FieldErrors | null {
  return checkFormValues(schema, values, compileSchema);
}
