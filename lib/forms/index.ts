// The one x-jsf form engine (DECISIONS.md "Form schema dialect"), universal (no server imports):
// validation, the JSON Logic operation table, computed attributes and pruning of hidden fields,
// used by the API's server-side validation of sections and by the console, whose RJSF adapter
// (./rjsf, ./model) renders the forms; the RJSF theme is components/forms.

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
// Validation bound to ajv is ./validate (the API, tests): the barrel stays free of ajv for the browser.
export { checkFormValues, checkBody, type SchemaCompiler, FORM_ERROR_KEY, SECTION_ERROR_KEY, displayMessage, humanize } from "./check";
export { API_MESSAGES, UI_MESSAGES, type MessageCatalog } from "./messages";
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
export { getJsonLogic, applyRule, isRuleActive, findInactiveRules, fillTemplate, LogicScope, type InactiveRule } from "./logic";
export { LOGIC_OPERATIONS, STANDARD_LOGIC_OPERATIONS, unknownOperations, dateDiff, computeWorkHours } from "./operations";
export { sanitizeHtml, stripHtml } from "./html";
export { sectionForForm, formForSection, SECTION_FORMS } from "./sections";
export type { JsonSchema, FormValues, FieldErrors } from "./types";
