import { z } from "zod";
import { listEnvelopeSchema, PaginationQuerySchema } from "./pagination";
import { OUTSTANDING_PAYMENT_TYPES, OUTSTANDING_PAYMENT_SORTS } from "./enums";

// GET /api/v1/employer/outstanding-payments-and-refunds (spec 4.2: sort option `invoice_period`).
// The provider publishes no shape: docs/decisions/areas-payroll-outstanding-payments.md records ours.

export const OutstandingPaymentTypeSchema = z.enum(OUTSTANDING_PAYMENT_TYPES);

/** due: not yet due; overdue: past its due date; processing: a transfer is under way. */
export const OUTSTANDING_PAYMENT_STATUSES = ["due", "overdue", "processing"] as const;
export const OutstandingPaymentStatusSchema = z.enum(OUTSTANDING_PAYMENT_STATUSES);

export const OutstandingPaymentSchema = z.object({
  id: z.uuid(),
  /** payment: the company owes it; refund: owed to the company. */
  type: OutstandingPaymentTypeSchema,
  invoice_id: z.uuid(),
  invoice_number: z.string(),
  /** The month the invoice covers, `YYYY-MM`. */
  invoice_period: z.string().regex(/^\d{4}-\d{2}$/),
  description: z.string(),
  /** Outstanding amount, integer minor units, always positive (the type says which way it goes). */
  amount: z.number().int(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  issued_at: z.iso.date(),
  due_date: z.iso.date(),
  status: OutstandingPaymentStatusSchema,
});
export type OutstandingPayment = z.infer<typeof OutstandingPaymentSchema>;

export const OutstandingPaymentListQuerySchema = PaginationQuerySchema.extend({
  /** Default `due_date`. Ties are broken by invoice number, then id. */
  sort_by: z
    .enum(OUTSTANDING_PAYMENT_SORTS, { error: `must be one of ${OUTSTANDING_PAYMENT_SORTS.join(", ")}` })
    .optional()
    .default("due_date"),
  sort_order: z.enum(["asc", "desc"], { error: "must be asc or desc" }).optional().default("asc"),
  type: OutstandingPaymentTypeSchema.optional(),
});
export type OutstandingPaymentListQuery = z.infer<typeof OutstandingPaymentListQuerySchema>;

export const OutstandingPaymentListResponseSchema = listEnvelopeSchema("outstanding_payments_and_refunds", OutstandingPaymentSchema);
export type OutstandingPaymentListResponse = z.infer<typeof OutstandingPaymentListResponseSchema>;
