import { z } from "zod";
import {
  CreateCustomFieldBodySchema,
  CUSTOM_FIELD_DESCRIPTION_MAX,
  CUSTOM_FIELD_NAME_MAX,
  CUSTOM_FIELD_OPTION_MAX,
  CUSTOM_FIELD_OPTIONS_MAX,
  CustomFieldTypeSchema,
  isSelectType,
  type CreateCustomFieldBody,
} from "@/lib/contract";

// The "new custom field" form: values (strings, as inputs hold them; options one per line), its
// schema (the contract's rules, with messages on the inputs), the body it sends, and where the API's
// 422 errors land.

export const CustomFieldDefinitionFormSchema = z
  .object({
    name: z.string().trim().min(1, "can't be blank").max(CUSTOM_FIELD_NAME_MAX, `must be at most ${CUSTOM_FIELD_NAME_MAX} characters`),
    type: CustomFieldTypeSchema,
    description: z.string().trim().max(CUSTOM_FIELD_DESCRIPTION_MAX, `must be at most ${CUSTOM_FIELD_DESCRIPTION_MAX} characters`),
    /** One option per line (single choice only). */
    options: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!isSelectType(v.type)) return;
    const message = optionsError(parseOptions(v.options));
    if (message) ctx.addIssue({ code: "custom", path: ["options"], message });
  });
export type CustomFieldDefinitionFormValues = z.input<typeof CustomFieldDefinitionFormSchema>;
export type CustomFieldDefinitionField = keyof CustomFieldDefinitionFormValues;
const FORM_FIELDS: readonly CustomFieldDefinitionField[] = ["name", "type", "description", "options"];

export const EMPTY_DEFINITION: CustomFieldDefinitionFormValues = { name: "", type: "string", description: "", options: "" };

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

/** The body of `POST /v1/custom-fields`: options only for a single choice, no empty description. */
export function toCreateCustomFieldBody(values: CustomFieldDefinitionFormValues): CreateCustomFieldBody {
  const body: CreateCustomFieldBody = { name: values.name.trim(), type: values.type };
  const description = values.description.trim();
  if (description) body.description = description;
  if (isSelectType(values.type)) body.options = parseOptions(values.options);
  return CreateCustomFieldBodySchema.parse(body);
}

/** The API's 422 field errors split into the form's fields (`options.2` → options) and the rest. */
export function splitDefinitionErrors(fieldErrors: Record<string, string[]> | undefined): {
  byField: Partial<Record<CustomFieldDefinitionField, string>>;
  other: string[];
} {
  const byField: Partial<Record<CustomFieldDefinitionField, string>> = {};
  const other: string[] = [];
  for (const [rawKey, messages] of Object.entries(fieldErrors ?? {})) {
    const key = rawKey.replace(/^body\./, "").split(".")[0] as CustomFieldDefinitionField;
    const text = messages.join(" ");
    if (FORM_FIELDS.includes(key)) byField[key] = byField[key] ? `${byField[key]} ${text}` : text;
    else other.push(`${rawKey}: ${text}`);
  }
  return { byField, other };
}
