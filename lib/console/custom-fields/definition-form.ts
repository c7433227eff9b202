import { z } from "zod";
import { splitFieldErrors } from "@/lib/console/errors/split-422";
import {
  CreateCustomFieldBodySchema,
  CustomFieldDataEntryAccessSchema,
  CustomFieldVisibilityScopeSchema,
  CUSTOM_FIELD_NAME_MAX,
  CUSTOM_FIELD_OPTION_MAX,
  CUSTOM_FIELD_OPTIONS_MAX,
  CustomFieldTypeSchema,
  isSelectType,
  type CreateCustomFieldBody,
} from "@/lib/contract";

// The "new custom field" form: values (strings, as inputs hold them; options one per line), its
// schema (the contract's rules, with messages on the inputs), the body it sends (the provider's
// CreateCustomFieldDefinitionParams), and where the API's 422 errors land.

export const CustomFieldDefinitionFormSchema = z
  .object({
    name: z.string().trim().min(1, "can't be blank").max(CUSTOM_FIELD_NAME_MAX, `must be at most ${CUSTOM_FIELD_NAME_MAX} characters`),
    type: CustomFieldTypeSchema,
    /** "true" | "false": whether every employment must have a value. */
    required: z.enum(["true", "false"]),
    data_entry_access: CustomFieldDataEntryAccessSchema,
    visibility_scope: CustomFieldVisibilityScopeSchema,
    /** One option per line (single choice only). */
    options: z.string(),
    /** ISO 4217 code of a currency field. */
    currency: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.type === "currency" && !/^[A-Z]{3}$/.test(v.currency.trim().toUpperCase()))
      ctx.addIssue({ code: "custom", path: ["currency"], message: "must be a three-letter ISO 4217 code, e.g. EUR" });
    if (!isSelectType(v.type)) return;
    const message = optionsError(parseOptions(v.options));
    if (message) ctx.addIssue({ code: "custom", path: ["options"], message });
  });
export type CustomFieldDefinitionFormValues = z.input<typeof CustomFieldDefinitionFormSchema>;
export type CustomFieldDefinitionField = keyof CustomFieldDefinitionFormValues;
const FORM_FIELDS: readonly CustomFieldDefinitionField[] = [
  "name",
  "type",
  "required",
  "data_entry_access",
  "visibility_scope",
  "options",
  "currency",
];

export const EMPTY_DEFINITION: CustomFieldDefinitionFormValues = {
  name: "",
  type: "string",
  required: "false",
  data_entry_access: "company_admin_only",
  visibility_scope: "everyone",
  options: "",
  currency: "",
};

/** The options of the textarea: one per line, trimmed, empty lines skipped. */
export function parseOptions(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** What is wrong with a list of options (the contract's rules), or null. */
export function optionsError(options: readonly string[]): string | null {
  if (options.length === 0) return "list at least one option, one per line";
  if (options.length > CUSTOM_FIELD_OPTIONS_MAX) return `at most ${CUSTOM_FIELD_OPTIONS_MAX} options`;
  const long = options.find((o) => o.length > CUSTOM_FIELD_OPTION_MAX);
  if (long) return `“${long.slice(0, 20)}…” is longer than ${CUSTOM_FIELD_OPTION_MAX} characters`;
  const seen = new Set<string>();
  for (const o of options) {
    if (seen.has(o.toLowerCase())) return `“${o}” is listed more than once`;
    seen.add(o.toLowerCase());
  }
  return null;
}

/** The body of `POST /v1/custom-fields`: `metadata.options` for a single choice, `metadata.currency` for a currency field. */
export function toCreateCustomFieldBody(values: CustomFieldDefinitionFormValues): CreateCustomFieldBody {
  const body: CreateCustomFieldBody = {
    name: values.name.trim(),
    type: values.type,
    required: values.required === "true",
    data_entry_access: values.data_entry_access,
    visibility_scope: values.visibility_scope,
  };
  if (isSelectType(values.type)) body.metadata = { options: parseOptions(values.options) };
  if (values.type === "currency") body.metadata = { currency: values.currency.trim().toUpperCase() };
  return CreateCustomFieldBodySchema.parse(body);
}

/** The API's 422 field errors split into the form's fields (`options.2` → options) and the rest. */
export const splitDefinitionErrors = (fieldErrors: Record<string, string[]> | undefined) =>
  splitFieldErrors<CustomFieldDefinitionField>(fieldErrors, (apiKey) => {
    const path = apiKey.replace(/^metadata\./, "");
    const key = (path === "metadata" ? "options" : path.split(".")[0]) as CustomFieldDefinitionField;
    return FORM_FIELDS.includes(key) ? key : null;
  });
