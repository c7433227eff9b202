import { z } from "zod";
import { listEnvelopeSchema, PaginationQuerySchema, resourceEnvelopeSchema } from "./pagination";

// Payslips (spec 4.2: list, show, download; event payslip.released). The list follows the provider's
// Payslip (types.gen.ts); the Roster-only routes (show, sandbox release) add the pay period, the
// currencies and the gross (docs/decisions/contract-payroll-webhooks.md).

const isoDate = z.iso.date();
const currencyCode = z.string().regex(/^[A-Z]{3}$/);

/** The provider's Payslip: optional fields are absent, never null. */
export const PayslipSchema = z.object({
  id: z.uuid(),
  employment_id: z.uuid(),
  /** Date the payslip was issued (YYYY-MM-DD). */
  issued_at: isoDate,
  /** The payout day, at midnight UTC (the provider's date-time). */
  expected_payout_date: z.iso.datetime().optional(),
  /** Net pay in the employment's currency, integer minor units. */
  net_pay_source_amount: z.number().int().optional(),
  /** Net pay converted to the company's billing currency, integer minor units. */
  net_pay_converted_amount: z.number().int().optional(),
});
export type Payslip = z.infer<typeof PayslipSchema>;

/** A payslip with what the provider's list does not carry: Roster-only routes (show, sandbox release). */
export const PayslipDetailSchema = PayslipSchema.extend({
  /** The pay period: a calendar month, first and last day. */
  period_start: isoDate,
  period_end: isoDate,
  source_currency: currencyCode,
  converted_currency: currencyCode,
  gross_pay_source_amount: z.number().int(),
});
export type PayslipDetail = z.infer<typeof PayslipDetailSchema>;

const dateParam = (name: string) => z.iso.date({ message: `${name} must be a date, YYYY-MM-DD` }).optional();

/**
 * GET /v1/payslips: pagination, `employment_id`, the pay period window `start_date`/`end_date`
 * (payslips whose period overlaps it) and the payout window `expected_payout_start_date`/`_end_date`.
 */
export const PayslipListQuerySchema = PaginationQuerySchema.extend({
  employment_id: z.string().max(64).optional(),
  start_date: dateParam("start_date"),
  end_date: dateParam("end_date"),
  expected_payout_start_date: dateParam("expected_payout_start_date"),
  expected_payout_end_date: dateParam("expected_payout_end_date"),
}).superRefine((q, ctx) => {
  if (q.start_date && q.end_date && q.start_date > q.end_date)
    ctx.addIssue({ code: "custom", path: ["end_date"], message: "must be on or after start_date" });
  if (q.expected_payout_start_date && q.expected_payout_end_date && q.expected_payout_start_date > q.expected_payout_end_date)
    ctx.addIssue({ code: "custom", path: ["expected_payout_end_date"], message: "must be on or after expected_payout_start_date" });
});
export type PayslipListQuery = z.infer<typeof PayslipListQuerySchema>;

export const PayslipListResponseSchema = listEnvelopeSchema("payslips", PayslipSchema);
export type PayslipListResponse = z.infer<typeof PayslipListResponseSchema>;
/** GET /v1/payslips/{id} and POST /v1/sandbox/payslips (Roster-only): the detailed payslip. */
export const PayslipResponseSchema = resourceEnvelopeSchema("payslip", PayslipDetailSchema);
export type PayslipResponse = z.infer<typeof PayslipResponseSchema>;

/** A pay period: a calendar month, `YYYY-MM`. */
export const PayPeriodSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be a month, YYYY-MM");

/** POST /v1/sandbox/payslips: computes, stores and releases the payslip of one month. */
export const SandboxReleasePayslipBodySchema = z.strictObject({
  employment_id: z.string().min(1, "is required").max(64),
  period: PayPeriodSchema,
});
export type SandboxReleasePayslipBody = z.infer<typeof SandboxReleasePayslipBodySchema>;
