import {
  createErrorHandler,
  getDefaultFormState,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from "@rjsf/utils";
import { conditionHolds } from "@/lib/forms/condition";
import type { FormValues } from "@/lib/forms";

// RJSF's validator for CountryForm, in place of @rjsf/validator-ajv8 (which ships a second ajv with
// its own formats and error processing, about 40 KB gzip on the form routes;
// docs/decisions/console-bundle-budgets.md). RJSF only ever sees the adapter's skeleton (types and
// properties, no constraints, no conditionals, no $ref: lib/forms/rjsf.ts), so validating it finds
// nothing; the errors come from `customValidate` (the adapter's model, rjsf-validation.ts), merged
// here exactly as validator-ajv8 merges them (processRawValidationErrors). `isValid` (RJSF's oneOf,
// anyOf and if matching, which the skeleton never needs) uses the engine's condition matcher.

export const skeletonValidator: ValidatorType<FormValues, RJSFSchema> = {
  rawValidation<Result>(): { errors?: Result[]; validationError?: Error } {
    return { errors: [] };
  },

  validateFormData(
    formData: FormValues | undefined,
    schema: RJSFSchema,
    customValidate?: CustomValidator<FormValues, RJSFSchema>,
    transformErrors?: ErrorTransformer<FormValues, RJSFSchema>,
    uiSchema?: UiSchema<FormValues, RJSFSchema>,
  ): ValidationData<FormValues> {
    let errors: RJSFValidationError[] = [];
    if (typeof transformErrors === "function") errors = transformErrors(errors, uiSchema);
    const errorSchema = toErrorSchema<FormValues>(errors);
    if (typeof customValidate !== "function") return { errors, errorSchema };
    // As validator-ajv8: the values with every declared field present (undefined when empty).
    const full = getDefaultFormState<FormValues, RJSFSchema>(skeletonValidator, schema, formData, schema, true) as FormValues;
    const handler = customValidate(full, createErrorHandler<FormValues>(full), uiSchema, errorSchema);
    return validationDataMerge<FormValues>({ errors, errorSchema }, unwrapErrorHandler<FormValues>(handler));
  },

  isValid(schema: RJSFSchema, formData: FormValues | undefined): boolean {
    return conditionHolds(schema, formData);
  },
};
