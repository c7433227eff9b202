import { z } from "zod";
import {
  AmountTaxTypeSchema,
  INCENTIVE_TYPES,
  CreateIncentiveBodySchema,
  CreateRecurringIncentiveBodySchema,
  IncentiveTypeSchema,
  RecurringIncentiveTypeSchema,
  UpdateIncentiveBodySchema,
  type CreateIncentiveBody,
  type CreateRecurringIncentiveBody,
  type Incentive,
  type UpdateIncentiveBody,
} from "@/lib/contract";
import { fieldByPrefix, splitFieldErrors } from "@/lib/console/errors/split-422";
import { formDate } from "@/lib/console/people-ops/form-date";
import { minorToInput, parseAmountToMinor } from "@/lib/console/people-ops/money";

// The incentive forms: one-time (create, edit while pending) and recurring (monthly). Amounts are
// typed as decimals of the employment's currency and sent in minor units.

const amountText = z
  .string()
  .trim()
  .min(1, "can't be blank")
  .superRefine((v, ctx) => {
    const minor = parseAmountToMinor(v);
    if (minor === null) ctx.addIssue({ code: "custom", message: "must be an amount such as 500.25 (at most two decimals)" });
    else if (minor < 1) ctx.addIssue({ code: "custom", message: "must be greater than 0" });
    else if (minor > 100_000_000_00) ctx.addIssue({ code: "custom", message: "must be at most 100,000,000.00" });
  });

const chosen = <T extends z.ZodType<string>>(schema: T, message: string) =>
  z.union([z.literal(""), schema]).refine((v) => v !== "", message);

export const IncentiveFormSchema = z.object({
  employment_id: z.string().min(1, "choose an employment"),
  type: chosen(IncentiveTypeSchema, "choose a type"),
  amount: amountText,
  amount_tax_type: AmountTaxTypeSchema,
  effective_date: formDate(),
  note: z.string().max(2000, "must be at most 2000 characters"),
});

export interface IncentiveFormValues {
  employment_id: string;
  type: z.infer<typeof IncentiveTypeSchema> | "";
  amount: string;
  amount_tax_type: "gross" | "net";
  effective_date: string;
  note: string;
}

export const RecurringIncentiveFormSchema = z.object({
  employment_id: z.string().min(1, "choose an employment"),
  type: chosen(RecurringIncentiveTypeSchema, "choose a type"),
  amount: amountText,
  amount_tax_type: AmountTaxTypeSchema,
  effective_date: formDate(),
  /** "" = open-ended. */
  duration_in_months: z
    .string()
    .trim()
    .refine(
      (v) => v === "" || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 120),
      "must be a whole number of months from 1 to 120, or empty",
    ),
  note: z.string().max(2000, "must be at most 2000 characters"),
});

export interface RecurringIncentiveFormValues {
  employment_id: string;
  type: z.infer<typeof RecurringIncentiveTypeSchema> | "";
  amount: string;
  amount_tax_type: "gross" | "net";
  effective_date: string;
  duration_in_months: string;
  note: string;
}

export const incentiveFormDefaults = (employmentId = ""): IncentiveFormValues => ({
  employment_id: employmentId,
  type: "",
  amount: "",
  amount_tax_type: "gross",
  effective_date: "",
  note: "",
});

export const recurringFormDefaults = (employmentId = ""): RecurringIncentiveFormValues => ({
  employment_id: employmentId,
  type: "",
  amount: "",
  amount_tax_type: "gross",
  effective_date: "",
  duration_in_months: "",
  note: "",
});

/** The edit form's values of a stored incentive. */
export const incentiveToFormValues = (i: Incentive): IncentiveFormValues => ({
  employment_id: i.employment_id,
  type: (INCENTIVE_TYPES as readonly string[]).includes(i.type) ? (i.type as IncentiveFormValues["type"]) : "",
  amount: minorToInput(i.amount),
  amount_tax_type: i.amount_tax_type,
  effective_date: i.effective_date ?? "",
  note: i.note ?? "",
});

const noteOf = (v: string) => (v.trim() ? v.trim() : null);

export function toCreateIncentiveBody(v: IncentiveFormValues): CreateIncentiveBody {
  return CreateIncentiveBodySchema.parse({
    employment_id: v.employment_id,
    type: v.type,
    amount: parseAmountToMinor(v.amount),
    amount_tax_type: v.amount_tax_type,
    effective_date: v.effective_date,
    note: noteOf(v.note),
  });
}

/**
 * The body of `PATCH /v1/incentives/{id}`: the fields that changed (the effective date is checked
 * against today only when it changes, so an unchanged past date must not be sent). Null when nothing changed.
 */
export function toUpdateIncentiveBody(v: IncentiveFormValues, before: IncentiveFormValues): UpdateIncentiveBody | null {
  const body: UpdateIncentiveBody = {};
  if (v.type !== before.type && v.type !== "") body.type = v.type;
  const amount = parseAmountToMinor(v.amount);
  if (amount !== null && amount !== parseAmountToMinor(before.amount)) body.amount = amount;
  if (v.amount_tax_type !== before.amount_tax_type) body.amount_tax_type = v.amount_tax_type;
  if (v.effective_date !== before.effective_date) body.effective_date = v.effective_date;
  if (noteOf(v.note) !== noteOf(before.note)) body.note = noteOf(v.note);
  return Object.keys(body).length > 0 ? UpdateIncentiveBodySchema.parse(body) : null;
}

export function toCreateRecurringBody(v: RecurringIncentiveFormValues): CreateRecurringIncentiveBody {
  return CreateRecurringIncentiveBodySchema.parse({
    employment_id: v.employment_id,
    type: v.type,
    amount: parseAmountToMinor(v.amount),
    amount_tax_type: v.amount_tax_type,
    effective_date: v.effective_date,
    ...(v.duration_in_months.trim() ? { duration_in_months: Number(v.duration_in_months) } : {}),
    note: noteOf(v.note),
  });
}

const ONE_TIME_FIELDS = ["employment_id", "type", "amount", "amount_tax_type", "effective_date", "note"] as const;
const RECURRING_FIELDS = [...ONE_TIME_FIELDS, "duration_in_months"] as const;

export const splitIncentiveFieldErrors = (e: Record<string, string[]> | undefined) => splitFieldErrors(e, fieldByPrefix(ONE_TIME_FIELDS));
export const splitRecurringFieldErrors = (e: Record<string, string[]> | undefined) => splitFieldErrors(e, fieldByPrefix(RECURRING_FIELDS));

/** "The 31st" → paid on the last day of each month (the API's rule for days 28–31). */
export function recurrenceHint(effectiveDate: string, duration: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(effectiveDate);
  if (!m) return null;
  const day = Number(m[3]);
  const when = day >= 28 ? "on the last day of every month" : `on day ${day} of every month`;
  const months = duration.trim() && /^\d+$/.test(duration.trim()) ? Number(duration) : null;
  return `Paid ${when}, ${months ? `${months} ${months === 1 ? "time" : "times"}` : "until it is deleted"}, starting ${effectiveDate}.`;
}
