import { fieldIndex, toRjsfSchema, toUiSchema, type FieldIndexEntry, type UiNode } from "./rjsf";
import { unwrapFormSchema } from "./unwrap";
import { checkFormValues, type SchemaCompiler } from "./check";
import { initialFormValues, settleForm, type SettledForm } from "./values";
import type { FieldErrors, FormValues, JsonSchema } from "./types";

/** What a form shows for some values: the settled form, the uiSchema and the field index. */
export interface FormView {
  settled: SettledForm;
  uiSchema: UiNode;
  index: Map<string, FieldIndexEntry>;
  /** Computed values of the form's own x-jsf-logic (for display and tests). */
  computed: Record<string, unknown>;
}

/** The adapter for one form schema: everything CountryForm needs, as pure functions. */
export interface FormModel {
  /** The x-jsf schema (unwrapped). */
  schema: JsonSchema;
  /** The stable skeleton handed to RJSF. */
  rjsfSchema: JsonSchema;
  initialValues(given?: FormValues | null): FormValues;
  settle(values: FormValues): SettledForm;
  view(values: FormValues): FormView;
  /** Errors blocking the submission of these values (null when none), with ajv's `compileSchema` (./ajv). */
  validate(values: FormValues, compile: SchemaCompiler): FieldErrors | null;
  /** The body to send for these values. */
  body(values: FormValues): FormValues;
}

export function createFormModel(raw: unknown): FormModel {
  const schema = unwrapFormSchema(raw);
  const rjsfSchema = toRjsfSchema(schema);
  return {
    schema,
    rjsfSchema,
    initialValues: (given) => initialFormValues(schema, given ?? {}),
    settle: (values) => settleForm(schema, values),
    view(values) {
      const settled = settleForm(schema, values);
      return {
        settled,
        uiSchema: toUiSchema(settled.state),
        index: fieldIndex(settled.state),
        computed: settled.state.scopes[0]?.allComputed() ?? {},
      };
    },
    validate: (values, compile) => checkFormValues(schema, values, compile),
    body: (values) => settleForm(schema, values).body,
  };
}
