import { z } from "zod";
import { listEnvelopeSchema, resourceEnvelopeSchema } from "./pagination";

// Custom fields: a company's definitions and their values per employment (spec 4.2). Types are
// the provider's EmploymentCustomField types (docs/decisions/areas-payroll-custom-fields.md).

export const CUSTOM_FIELD_TYPES = [
  "string",
  "text",
  "integer",
  "decimal",
  "percentage",
  "currency",
  "date",
  "boolean",
  "link",
  "single_select",
] as const;
export const CustomFieldTypeSchema = z.enum(CUSTOM_FIELD_TYPES);
export type CustomFieldType = z.infer<typeof CustomFieldTypeSchema>;

/** Who may enter a value (the provider's CustomFieldDataEntryAccess). */
export const CUSTOM_FIELD_DATA_ENTRY_ACCESS = ["company_admin_only", "employee_only", "everyone"] as const;
export const CustomFieldDataEntryAccessSchema = z.enum(CUSTOM_FIELD_DATA_ENTRY_ACCESS);
export type CustomFieldDataEntryAccess = z.infer<typeof CustomFieldDataEntryAccessSchema>;
/** Who sees the values (the provider's CustomFieldVisibilityScope). */
export const CUSTOM_FIELD_VISIBILITY_SCOPES = ["company_admin_only", "everyone"] as const;
export const CustomFieldVisibilityScopeSchema = z.enum(CUSTOM_FIELD_VISIBILITY_SCOPES);
export type CustomFieldVisibilityScope = z.infer<typeof CustomFieldVisibilityScopeSchema>;

export const CUSTOM_FIELD_NAME_MAX = 100;
export const CUSTOM_FIELD_OPTION_MAX = 100;
export const CUSTOM_FIELD_OPTIONS_MAX = 100;
/** Longest value of a `string` field; `text` takes up to TEXT_MAX. */
export const CUSTOM_FIELD_STRING_MAX = 255;
export const CUSTOM_FIELD_TEXT_MAX = 10_000;
export const CUSTOM_FIELD_LINK_MAX = 2048;

/**
 * The provider's EmploymentCustomField. `metadata`: `{options}` for single_select, `{currency}` for
 * currency, null for the simple types (docs/decisions/contract-payroll-webhooks.md).
 */
export const CustomFieldSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: CustomFieldTypeSchema,
  required: z.boolean(),
  data_entry_access: CustomFieldDataEntryAccessSchema,
  visibility_scope: CustomFieldVisibilityScopeSchema,
  metadata: z.record(z.string(), z.unknown()).nullable(),
});
export type CustomField = z.infer<typeof CustomFieldSchema>;

export const CustomFieldListResponseSchema = listEnvelopeSchema("custom_fields", CustomFieldSchema);
export type CustomFieldListResponse = z.infer<typeof CustomFieldListResponseSchema>;
export const CustomFieldResponseSchema = resourceEnvelopeSchema("custom_field", CustomFieldSchema);
export type CustomFieldResponse = z.infer<typeof CustomFieldResponseSchema>;

const SELECT_TYPES: readonly CustomFieldType[] = ["single_select"];
export const isSelectType = (type: CustomFieldType) => SELECT_TYPES.includes(type);

const CurrencyCodeSchema = z.string().regex(/^[A-Z]{3}$/, "must be an ISO 4217 code, e.g. EUR");

/**
 * POST /v1/custom-fields: the provider's CreateCustomFieldDefinitionParams (general, single_select,
 * currency). `required`, `data_entry_access` and `visibility_scope` are required as on the provider;
 * `metadata.options` is required for single_select, `metadata` (with an optional `currency`) for
 * currency, and refused for the simple types.
 */
export const CreateCustomFieldBodySchema = z
  .strictObject({
    name: z.string().trim().min(1, "can't be blank").max(CUSTOM_FIELD_NAME_MAX, `must be at most ${CUSTOM_FIELD_NAME_MAX} characters`),
    type: CustomFieldTypeSchema,
    required: z.boolean({ error: "must be true or false" }),
    data_entry_access: CustomFieldDataEntryAccessSchema,
    visibility_scope: CustomFieldVisibilityScopeSchema,
    metadata: z
      .strictObject({
        options: z
          .array(
            z
              .string()
              .trim()
              .min(1, "can't be blank")
              .max(CUSTOM_FIELD_OPTION_MAX, `must be at most ${CUSTOM_FIELD_OPTION_MAX} characters`),
          )
          .min(1, "must list at least one option")
          .max(CUSTOM_FIELD_OPTIONS_MAX, `at most ${CUSTOM_FIELD_OPTIONS_MAX} options`)
          .optional(),
        currency: CurrencyCodeSchema.nullable().optional(),
      })
      .optional(),
  })
  .superRefine((body, ctx) => {
    const options = body.metadata?.options;
    if (body.type === "single_select") {
      if (options === undefined)
        ctx.addIssue({ code: "custom", path: ["metadata", "options"], message: `is required for a ${body.type} field`, input: options });
      else {
        const seen = new Set<string>();
        for (const option of options) {
          const key = option.toLowerCase();
          if (seen.has(key))
            ctx.addIssue({ code: "custom", path: ["metadata", "options"], message: `lists '${option}' more than once`, input: options });
          seen.add(key);
        }
      }
      if (body.metadata?.currency !== undefined)
        ctx.addIssue({
          code: "custom",
          path: ["metadata", "currency"],
          message: "is only allowed for currency fields",
          input: body.metadata,
        });
    } else if (body.type === "currency") {
      if (body.metadata === undefined)
        ctx.addIssue({ code: "custom", path: ["metadata"], message: "is required for a currency field", input: body.metadata });
      if (options !== undefined)
        ctx.addIssue({
          code: "custom",
          path: ["metadata", "options"],
          message: "is only allowed for single_select fields",
          input: options,
        });
    } else if (body.metadata !== undefined) {
      ctx.addIssue({ code: "custom", path: ["metadata"], message: `is not allowed for a ${body.type} field`, input: body.metadata });
    }
  });
export type CreateCustomFieldBody = z.infer<typeof CreateCustomFieldBodySchema>;

/** The value of a single_select field, as the provider returns it. */
export const CustomFieldSelectValueSchema = z.object({ selected_option: z.string(), selected_option_label: z.string() });
export type CustomFieldSelectValue = z.infer<typeof CustomFieldSelectValueSchema>;

/**
 * A value as returned (the provider's EmploymentCustomFieldValue.value): a string, a number (a
 * currency field: integer minor units of the field's currency), a boolean, a selected option, or null.
 */
export const CustomFieldValueDataSchema = z.union([z.string(), z.number(), z.boolean(), CustomFieldSelectValueSchema, z.null()]);
export type CustomFieldValueData = z.infer<typeof CustomFieldValueDataSchema>;
/** A value as written (the provider's UpdateEmploymentCustomFieldValueParams.value; null clears it). */
export const CustomFieldValueInputSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type CustomFieldValueInput = z.infer<typeof CustomFieldValueInputSchema>;

export const CustomFieldValueSchema = z.object({
  custom_field_id: z.uuid(),
  /** Null when the employment has no value for the field. */
  value: CustomFieldValueDataSchema,
});
export type CustomFieldValue = z.infer<typeof CustomFieldValueSchema>;
export const CustomFieldValueResponseSchema = resourceEnvelopeSchema("custom_field_value", CustomFieldValueSchema);
export type CustomFieldValueResponse = z.infer<typeof CustomFieldValueResponseSchema>;

/** GET /v1/employments/{employment_id}/custom-fields: each definition of the company with the employment's value. */
export const EmploymentCustomFieldValueSchema = z.object({
  custom_field_id: z.uuid(),
  name: z.string(),
  type: CustomFieldTypeSchema,
  /** Null when the employment has no value for the field. */
  value: CustomFieldValueDataSchema,
});
export type EmploymentCustomFieldValue = z.infer<typeof EmploymentCustomFieldValueSchema>;
export const EmploymentCustomFieldValueListResponseSchema = listEnvelopeSchema("custom_field_values", EmploymentCustomFieldValueSchema);
export type EmploymentCustomFieldValueListResponse = z.infer<typeof EmploymentCustomFieldValueListResponseSchema>;

/** A stored single_select value (the option) as returned: the option is its own identifier. */
export const selectValueOf = (option: string): CustomFieldSelectValue => ({ selected_option: option, selected_option_label: option });

/** The value to write back for a returned one (a selected option → its option). */
export function customFieldValueInput(value: CustomFieldValueData | undefined): CustomFieldValueInput {
  if (value === undefined) return null;
  if (value !== null && typeof value === "object") return value.selected_option;
  return value;
}

/** PUT|PATCH /v1/custom-fields/{custom_field_id}/values/{employment_id}: `{value}`; null clears it. */
export const UpdateCustomFieldValueBodySchema = z.strictObject({ value: z.unknown().optional() }).superRefine((body, ctx) => {
  if (body.value === undefined) ctx.addIssue({ code: "custom", path: ["value"], message: "is required", input: body.value });
});
export type UpdateCustomFieldValueBody = z.infer<typeof UpdateCustomFieldValueBodySchema>;

const isCalendarDate = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

const isHttpUrl = (s: string) => {
  try {
    const u = new URL(s);
    return (u.protocol === "https:" || u.protocol === "http:") && u.hostname !== "";
  } catch {
    return false;
  }
};

/**
 * Checks a value against a field's type: the message for the `value` field, or null when it fits.
 * Null always fits (it clears the value). Shared by the API and the console's forms.
 */
export function validateCustomFieldValue(
  field: { type: CustomFieldType; options: readonly string[] | null },
  value: unknown,
): string | null {
  if (value === null) return null;
  switch (field.type) {
    case "string":
    case "text": {
      const max = field.type === "string" ? CUSTOM_FIELD_STRING_MAX : CUSTOM_FIELD_TEXT_MAX;
      if (typeof value !== "string") return "must be a string";
      if (value.length > max) return `must be at most ${max} characters`;
      return null;
    }
    case "integer":
      return typeof value === "number" && Number.isSafeInteger(value) ? null : "must be an integer";
    case "decimal":
    case "percentage":
      return typeof value === "number" && Number.isFinite(value) ? null : "must be a number";
    case "currency":
      return typeof value === "number" && Number.isSafeInteger(value)
        ? null
        : "must be an amount in integer minor units of the field's currency";
    case "date":
      return typeof value === "string" && isCalendarDate(value) ? null : "must be a date, YYYY-MM-DD";
    case "boolean":
      return typeof value === "boolean" ? null : "must be true or false";
    case "link":
      if (typeof value !== "string" || !isHttpUrl(value)) return "must be an http or https URL";
      return value.length > CUSTOM_FIELD_LINK_MAX ? `must be at most ${CUSTOM_FIELD_LINK_MAX} characters` : null;
    case "single_select":
      if (typeof value !== "string") return "must be one of the field's options";
      return (field.options ?? []).includes(value) ? null : `must be one of: ${(field.options ?? []).join(", ")}`;
  }
}
