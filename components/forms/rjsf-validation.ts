import type { CustomValidator, Experimental_DefaultFormStateBehavior, FormValidation } from "@rjsf/utils";
import { toErrorSchema, type FormModel, type FormValues, type SchemaCompiler } from "@/lib/forms";

// How CountryForm plugs the adapter's validation into RJSF: RJSF validates the skeleton (which
// has no constraints, so its own errors are dropped) and calls `customValidate`, where the
// adapter validates the values exactly as the API will. RJSF then blocks the submission, lists
// the errors (ErrorListTemplate: the summary) and shows each on its field.

export const DEFAULT_STATE_BEHAVIOR: Experimental_DefaultFormStateBehavior = {
  // The adapter sets defaults and forced values itself: RJSF must not tick acknowledgements
  // (const values) or invent empty objects and arrays.
  emptyObjectFields: "skipDefaults",
  constAsDefaults: "never",
  arrayMinItems: { populate: "never" },
  allOf: "skipDefaults",
};

/** The skeleton's own validation is meaningless (it has no constraints): the adapter's replaces it. */
export const dropSkeletonErrors = () => [];

function mergeTrees(into: Record<string, unknown>, from: Record<string, unknown>): Record<string, unknown> {
  for (const [k, v] of Object.entries(from)) {
    if (k === "__errors" && Array.isArray(v)) into.__errors = [...((into.__errors as string[] | undefined) ?? []), ...v];
    else if (v && typeof v === "object")
      into[k] = mergeTrees(
        into[k] && typeof into[k] === "object" ? (into[k] as Record<string, unknown>) : {},
        v as Record<string, unknown>,
      );
  }
  return into;
}

/**
 * RJSF's customValidate for a form model, with ajv's compiler once it is there (`compiler()`;
 * CountryForm loads it after the form is up and holds a submission until then). Without one (it
 * could not be loaded) the form adds no errors of its own: the API judges the body with the same
 * engine and its 422 puts the same messages on the fields.
 */
export function createCustomValidate(model: FormModel, compiler: () => SchemaCompiler | null): CustomValidator {
  return (formData, errors) => {
    const compile = compiler();
    if (!compile) return errors;
    const found = model.validate((formData as FormValues | undefined) ?? {}, compile);
    return mergeTrees(errors as unknown as Record<string, unknown>, toErrorSchema(found)) as unknown as FormValidation;
  };
}
