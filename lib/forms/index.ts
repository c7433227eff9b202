// The form adapter: x-jsf country form schemas (DECISIONS.md "Form schema dialect") rendered with
// react-jsonschema-form. Browser-safe (no server imports); the RJSF theme is components/forms.

export { createFormModel, type FormModel, type FormView } from "./model";
export { unwrapFormSchema } from "./unwrap";
export {
  settleForm,
  pruneHiddenValues,
  initialFormValues,
  isFieldVisible,
  visibleFieldPaths,
  applyForcedValues,
  type SettledForm,
} from "./values";
export {
  resolveObject,
  activeParts,
  walkFields,
  findField,
  mergeDefinitions,
  type FieldState,
  type ObjectState,
  type FlatFieldset,
} from "./resolve";
export { validateFormValues, validateBody, FORM_ERROR_KEY, displayMessage, humanize } from "./validate";
export { mapServerErrors, toErrorSchema, fromErrorSchema, mergeFieldErrors, type ErrorTree } from "./errors";
export {
  toRjsfSchema,
  toUiSchema,
  fieldView,
  fieldIndex,
  fieldDomId,
  ID_PREFIX,
  ID_SEPARATOR,
  WIDGET_NAMES,
  type FieldView,
  type FieldOption,
  type StatementView,
  type WidgetKind,
  type RootView,
  type FieldIndexEntry,
} from "./rjsf";
export { minorToMajor, majorToMinor, formatMoney, MINOR_UNITS_PER_MAJOR } from "./money";
export { getJsonLogic, LOGIC_OPERATIONS, dateDiff, fillTemplate, LogicScope } from "./logic";
export { sanitizeHtml, stripHtml } from "./html";
export { sectionForForm, formForSection, SECTION_FORMS } from "./sections";
export type { JsonSchema, FormValues, FieldErrors } from "./types";
