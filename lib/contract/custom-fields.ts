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

export const CUSTOM_FIELD_NAME_MAX = 100;
export const CUSTOM_FIELD_DESCRIPTION_MAX = 500;
export const CUSTOM_FIELD_OPTION_MAX = 100;
export const CUSTOM_FIELD_OPTIONS_MAX = 100;
/** Longest value of a `string` field; `text` takes up to TEXT_MAX. */
export const CUSTOM_FIELD_STRING_MAX = 255;
export const CUSTOM_FIELD_TEXT_MAX = 10_000;
export const CUSTOM_FIELD_LINK_MAX = 2048;

export const CustomFieldSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: CustomFieldTypeSchema,
  // Beyond the provider's fields.
  description: z.string().nullable(),
  /** The choices of a single_select field; null for the other types. */
  options: z.array(z.string()).nullable(),
});
export type CustomField = z.infer<typeof CustomFieldSchema>;

export const CustomFieldListResponseSchema = listEnvelopeSchema("custom_fields", CustomFieldSchema);
export type CustomFieldListResponse = z.infer<typeof CustomFieldListResponseSchema>;
export const CustomFieldResponseSchema = resourceEnvelopeSchema("custom_field", CustomFieldSchema);
export type CustomFieldResponse = z.infer<typeof CustomFieldResponseSchema>;

const SELECT_TYPES: readonly CustomFieldType[] = ["single_select"];
export const isSelectType = (type: CustomFieldType) => SELECT_TYPES.includes(type);

/** POST /v1/custom-fields. `options` is required for single_select and refused for the other types. */
export const CreateCustomFieldBodySchema = z
  .strictObject({
    name: z.string().trim().min(1, "can't be blank").max(CUSTOM_FIELD_NAME_MAX, `must be at most ${CUSTOM_FIELD_NAME_MAX} characters`),
    type: CustomFieldTypeSchema,
    description: z
      .string()
      .trim()
      .max(CUSTOM_FIELD_DESCRIPTION_MAX, `must be at most ${CUSTOM_FIELD_DESCRIPTION_MAX} characters`)
      .nullable()
      .optional(),
    options: z
      .array(
        z.string().trim().min(1, "can't be blank").max(CUSTOM_FIELD_OPTION_MAX, `must be at most ${CUSTOM_FIELD_OPTION_MAX} characters`),
      )
      .min(1, "must list at least one option")
      .max(CUSTOM_FIELD_OPTIONS_MAX, `at most ${CUSTOM_FIELD_OPTIONS_MAX} options`)
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (isSelectType(body.type)) {
      if (body.options === undefined)
        ctx.addIssue({ code: "custom", path: ["options"], message: `is required for a ${body.type} field`, input: body.options });
      else {
        const seen = new Set<string>();
        for (const option of body.options) {
          const key = option.toLowerCase();
          if (seen.has(key))
            ctx.addIssue({ code: "custom", path: ["options"], message: `lists '${option}' more than once`, input: body.options });
          seen.add(key);
        }
      }
    } else if (body.options !== undefined) {
      ctx.addIssue({ code: "custom", path: ["options"], message: `is only allowed for single_select fields`, input: body.options });
    }
  });
export type CreateCustomFieldBody = z.infer<typeof CreateCustomFieldBodySchema>;

/** A currency amount: integer minor units and an ISO 4217 code. */
export const CustomFieldMoneySchema = z.strictObject({ amount: z.number().int(), currency: z.string().regex(/^[A-Z]{3}$/) });

/** What a value can be (which one is checked against the field's type by validateCustomFieldValue). */
export const CustomFieldValueDataSchema = z.union([z.string(), z.number(), z.boolean(), CustomFieldMoneySchema, z.null()]);
export type CustomFieldValueData = z.infer<typeof CustomFieldValueDataSchema>;

export const CustomFieldValueSchema = z.object({
  custom_field_id: z.uuid(),
  /** Null when the employment has no value for the field. */
  value: CustomFieldValueDataSchema,
  // Beyond the provider's fields.
  employment_id: z.uuid(),
});
export type CustomFieldValue = z.infer<typeof CustomFieldValueSchema>;
export const CustomFieldValueResponseSchema = resourceEnvelopeSchema("custom_field_value", CustomFieldValueSchema);
export type CustomFieldValueResponse = z.infer<typeof CustomFieldValueResponseSchema>;

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
      return CustomFieldMoneySchema.safeParse(value).success && Number.isSafeInteger((value as { amount: number }).amount)
        ? null
        : "must be an object {amount, currency}: amount in integer minor units, currency an ISO 4217 code";
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
