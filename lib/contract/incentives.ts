import { z } from "zod";
import { providerListEnvelopeSchema, resourceEnvelopeSchema } from "./pagination";
import { PlainDateSchema, nullWhenAbsent } from "./timeoff";
import { RECURRING_INCENTIVE_TYPES, INCENTIVE_TYPES, INCENTIVE_STATUSES, RECURRING_INCENTIVE_STATUSES } from "./enums";

// Incentives, one-time and recurring (spec 4.2 "Incentives", "Recurring incentives"; shapes from the
// provider's published examples). Amounts are integer minor units of the employment's currency.

export const IncentiveTypeSchema = z.enum(INCENTIVE_TYPES, { message: `must be one of: ${INCENTIVE_TYPES.join(", ")}` });
export const RecurringIncentiveTypeSchema = z.enum(RECURRING_INCENTIVE_TYPES, {
  message: `must be one of: ${RECURRING_INCENTIVE_TYPES.join(", ")}`,
});

export const AMOUNT_TAX_TYPES = ["gross", "net"] as const;
export const AmountTaxTypeSchema = z.enum(AMOUNT_TAX_TYPES, { message: "must be gross or net" });

export const IncentiveStatusSchema = z.enum(INCENTIVE_STATUSES, { message: `must be one of: ${INCENTIVE_STATUSES.join(", ")}` });
export type IncentiveStatus = z.infer<typeof IncentiveStatusSchema>;

export const RecurringIncentiveStatusSchema = z.enum(RECURRING_INCENTIVE_STATUSES, { message: "must be active or inactive" });

/**
 * The provider's `Incentive`: `type` and `status` are plain strings there (Roster answers the values of
 * IncentiveTypeSchema and IncentiveStatusSchema); optional fields it may omit read as null.
 */
export const IncentiveSchema = z.object({
  id: z.uuid(),
  employment_id: z.uuid(),
  type: z.string(),
  status: z.string(),
  amount: z.number().int(),
  amount_tax_type: AmountTaxTypeSchema,
  effective_date: z.iso.date().nullable(),
  /** Last day of the effective date's month: the payroll the incentive is paid with. */
  expected_payout_date: nullWhenAbsent(z.iso.date()),
  note: nullWhenAbsent(z.string()),
  /** The recurring incentive that generated it, or null. */
  recurring_incentive_id: nullWhenAbsent(z.uuid()),
  /** The period it pays for, when given (absent otherwise, as the provider omits them). */
  period_start: z.string().nullable().optional(),
  period_end: z.string().nullable().optional(),
});
export type Incentive = z.infer<typeof IncentiveSchema>;
export const IncentiveResponseSchema = resourceEnvelopeSchema("incentive", IncentiveSchema);
export const IncentiveListResponseSchema = providerListEnvelopeSchema("incentives", IncentiveSchema);

export const RecurringIncentiveSchema = z.object({
  id: z.uuid(),
  employment_id: z.uuid(),
  type: RecurringIncentiveTypeSchema,
  status: RecurringIncentiveStatusSchema,
  amount: z.number().int(),
  amount_tax_type: AmountTaxTypeSchema,
  start_date: z.iso.date(),
  /** Effective date of the last monthly payment; null when open-ended (absent reads as null). */
  end_date: nullWhenAbsent(z.iso.date()),
  note: nullWhenAbsent(z.string()),
});
export type RecurringIncentive = z.infer<typeof RecurringIncentiveSchema>;
export const RecurringIncentiveResponseSchema = resourceEnvelopeSchema("recurring_incentive", RecurringIncentiveSchema);
export const RecurringIncentiveListResponseSchema = providerListEnvelopeSchema("recurring_incentives", RecurringIncentiveSchema);

/** DELETE /v1/incentives/recurring/{id}: stops the recurrence; the monthly incentives already generated stay. */
export const DeleteRecurringIncentiveResponseSchema = z.object({
  data: z.object({ status: z.literal("ok"), already_scheduled_incentives: z.array(IncentiveSchema) }),
});

export const IncentiveListQuerySchema = z.object({
  employment_id: z.string().max(64).optional(),
  status: IncentiveStatusSchema.optional(),
  recurring_incentive_id: z.string().max(64).optional(),
});
export const RecurringIncentiveListQuerySchema = z.object({
  employment_id: z.string().max(64).optional(),
  /** The provider's filter says "active or deactive": `deactive` is read as `inactive`. */
  status: z
    .enum(["active", "inactive", "deactive"], { message: "must be active or inactive" })
    .transform((v) => (v === "deactive" ? "inactive" : v))
    .optional(),
  /** The provider's filters: the type, and a text the note contains. */
  type: RecurringIncentiveTypeSchema.optional(),
  note: z.string().max(255, "must be at most 255 characters").optional(),
});

const amount = z
  .number()
  .int("must be an integer in minor units (e.g. 50025 for 500.25)")
  .min(1, "must be greater than 0")
  .max(100_000_000_00, "must be at most 10000000000");
const note = z.string().max(2000, "must be at most 2000 characters").nullable().optional();

/** The provider's period_start / period_end of a one-time incentive: the end not before the start. */
const periodFields = { period_start: PlainDateSchema.nullable().optional(), period_end: PlainDateSchema.nullable().optional() };
function periodInOrder(b: { period_start?: string | null; period_end?: string | null }, ctx: z.RefinementCtx) {
  if (b.period_start && b.period_end && b.period_end < b.period_start)
    ctx.addIssue({ code: "custom", path: ["period_end"], message: "must not be before period_start", input: b.period_end });
}

/** POST /v1/incentives. The effective date must be today or later. */
export const CreateIncentiveBodySchema = z
  .strictObject({
    employment_id: z.string().min(1, "can't be blank").max(64),
    type: IncentiveTypeSchema,
    amount,
    amount_tax_type: AmountTaxTypeSchema,
    effective_date: PlainDateSchema,
    note,
    ...periodFields,
  })
  .superRefine(periodInOrder);
export type CreateIncentiveBody = z.infer<typeof CreateIncentiveBodySchema>;

/** PUT/PATCH /v1/incentives/{id}: a pending incentive only. */
export const UpdateIncentiveBodySchema = z
  .strictObject({
    employment_id: z.string().max(64).optional(),
    type: IncentiveTypeSchema.optional(),
    amount: amount.optional(),
    amount_tax_type: AmountTaxTypeSchema.optional(),
    effective_date: PlainDateSchema.optional(),
    note,
    ...periodFields,
  })
  .superRefine(periodInOrder);
export type UpdateIncentiveBody = z.infer<typeof UpdateIncentiveBodySchema>;

/**
 * POST /v1/incentives/recurring: monthly from `effective_date`, `duration_in_months` times (open-ended
 * when absent). A day of month 28–31 means the last day of every month.
 */
export const CreateRecurringIncentiveBodySchema = z.strictObject({
  employment_id: z.string().min(1, "can't be blank").max(64),
  type: RecurringIncentiveTypeSchema,
  amount,
  amount_tax_type: AmountTaxTypeSchema,
  effective_date: PlainDateSchema,
  /** A number, or the provider's string form (`"12"`). */
  duration_in_months: z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,4}$/, "must be a whole number of months")
          .transform(Number),
      ],
      {
        message: "must be a whole number of months",
      },
    )
    .pipe(z.number().int("must be a whole number of months").min(1, "must be at least 1").max(120, "must be at most 120"))
    .optional(),
  note,
});
export type CreateRecurringIncentiveBody = z.infer<typeof CreateRecurringIncentiveBodySchema>;

/** PATCH /v1/sandbox/incentives/{id}: simulate payroll (pending → processing → paid). */
export const SandboxIncentiveUpdateBodySchema = z.strictObject({
  status: z.enum(["processing", "paid"], { message: "must be processing or paid" }),
});
