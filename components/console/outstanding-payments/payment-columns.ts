import type { PaymentSortBy } from "@/lib/console/outstanding-payments/list";

// The columns (key, title, sort), apart from the list's "use client" module: the route's loading.tsx
// skeleton takes the titles from here without shipping the list.

export const PAYMENT_COLUMNS: { key: string; label: string; sort: PaymentSortBy; align?: "right" }[] = [
  { key: "invoice", label: "Invoice", sort: "invoice_number" },
  { key: "period", label: "Invoice period", sort: "invoice_period" },
  { key: "type", label: "Type", sort: "type" },
  { key: "description", label: "Description", sort: "description" },
  { key: "amount", label: "Amount", sort: "amount", align: "right" },
  { key: "issued", label: "Issued", sort: "issued_at" },
  { key: "due", label: "Due date", sort: "due_date" },
  { key: "status", label: "Status", sort: "status" },
];

/** The column headers (the route's loading skeleton). */
export const PAYMENT_COLUMN_LABELS = PAYMENT_COLUMNS.map((c) => c.label);
