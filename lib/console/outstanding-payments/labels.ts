import type { OutstandingPayment } from "@/lib/contract";
import type { Tone } from "@/lib/console/employments/labels";

// Names and colours of outstanding payments (docs/decisions/areas-payroll-outstanding-payments.md).

export const PAYMENT_TYPE_LABELS: Record<OutstandingPayment["type"], string> = { payment: "Payment", refund: "Refund" };
export const PAYMENT_TYPE_DESCRIPTIONS: Record<OutstandingPayment["type"], string> = {
  payment: "The company owes it",
  refund: "Owed to the company",
};
export const PAYMENT_TYPE_TONES: Record<OutstandingPayment["type"], Tone> = { payment: "violet", refund: "teal" };

export const PAYMENT_STATUS_LABELS: Record<OutstandingPayment["status"], string> = {
  due: "Due",
  overdue: "Overdue",
  processing: "Processing",
};
export const PAYMENT_STATUS_TONES: Record<OutstandingPayment["status"], Tone> = { due: "blue", overdue: "red", processing: "amber" };
export const PAYMENT_STATUS_DESCRIPTIONS: Record<OutstandingPayment["status"], string> = {
  due: "Not yet due",
  overdue: "Past its due date",
  processing: "A transfer is under way",
};

/** Totals per currency and direction of the rows shown: what the company owes, what it is owed. */
export function totalsByCurrency(
  rows: readonly Pick<OutstandingPayment, "type" | "amount" | "currency">[],
): { currency: string; owed: number; refunds: number }[] {
  const map = new Map<string, { currency: string; owed: number; refunds: number }>();
  for (const r of rows) {
    const t = map.get(r.currency) ?? { currency: r.currency, owed: 0, refunds: 0 };
    if (r.type === "payment") t.owed += r.amount;
    else t.refunds += r.amount;
    map.set(r.currency, t);
  }
  return [...map.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}
