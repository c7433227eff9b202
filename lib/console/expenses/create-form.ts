import { z } from "zod";
import {
  CreateExpenseBodySchema,
  ExpenseCategorySchema,
  Iso4217CurrencySchema,
  type Base64File,
  type CreateExpenseBody,
} from "@/lib/contract";
import { fieldByPrefix, splitFieldErrors } from "@/lib/console/errors/split-422";
import { formDate } from "@/lib/console/people-ops/form-date";
import { parseAmountToMinor } from "@/lib/console/people-ops/money";

// The "new expense" form (POST /v1/expenses): amounts typed as decimals and sent in minor units,
// receipts chosen as files and sent base64-encoded in the JSON body.

const amountText = (required: boolean) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (v === "") {
        if (required) ctx.addIssue({ code: "custom", message: "can't be blank" });
        return;
      }
      const minor = parseAmountToMinor(v);
      if (minor === null) ctx.addIssue({ code: "custom", message: "must be an amount such as 42.50 (at most two decimals)" });
      else if (required && minor < 1) ctx.addIssue({ code: "custom", message: "must be greater than 0" });
      else if (minor > 100_000_000_00) ctx.addIssue({ code: "custom", message: "must be at most 100,000,000.00" });
    });

export const ExpenseFormSchema = z
  .object({
    employment_id: z.string().min(1, "choose an employment"),
    title: z.string().trim().min(1, "can't be blank").max(255, "must be at most 255 characters"),
    amount: amountText(true),
    tax_amount: amountText(false),
    currency: z.string().trim().toUpperCase().pipe(Iso4217CurrencySchema),
    category: z.union([z.literal(""), ExpenseCategorySchema]).refine((v) => v !== "", "choose a category"),
    expense_date: formDate(),
    notes: z.string().max(5000, "must be at most 5000 characters"),
  })
  .superRefine((v, ctx) => {
    const amount = parseAmountToMinor(v.amount);
    const tax = v.tax_amount.trim() ? parseAmountToMinor(v.tax_amount) : null;
    if (amount !== null && tax !== null && tax > amount)
      ctx.addIssue({ code: "custom", path: ["tax_amount"], message: "must not exceed the amount" });
  });

export interface ExpenseFormValues {
  employment_id: string;
  title: string;
  amount: string;
  tax_amount: string;
  currency: string;
  category: z.infer<typeof ExpenseCategorySchema> | "";
  expense_date: string;
  notes: string;
}
export type ExpenseField = keyof ExpenseFormValues | "receipts";

export const expenseFormDefaults = (employmentId = ""): ExpenseFormValues => ({
  employment_id: employmentId,
  title: "",
  amount: "",
  tax_amount: "",
  currency: "EUR",
  category: "",
  expense_date: "",
  notes: "",
});

/** The body of `POST /v1/expenses` (checked against the contract before it leaves). */
export function toCreateExpenseBody(values: ExpenseFormValues, receipts: Base64File[]): CreateExpenseBody {
  const notes = values.notes.trim();
  const tax = values.tax_amount.trim() ? parseAmountToMinor(values.tax_amount) : null;
  return CreateExpenseBodySchema.parse({
    employment_id: values.employment_id,
    title: values.title.trim(),
    amount: parseAmountToMinor(values.amount),
    ...(tax !== null ? { tax_amount: tax } : {}),
    currency: values.currency.trim().toUpperCase(),
    category: values.category,
    expense_date: values.expense_date,
    ...(notes ? { notes } : {}),
    ...(receipts.length > 0 ? { receipts } : {}),
  });
}

const FIELDS: readonly ExpenseField[] = [
  "employment_id",
  "title",
  "amount",
  "tax_amount",
  "currency",
  "category",
  "expense_date",
  "notes",
  "receipts",
];
const byPrefix = fieldByPrefix(FIELDS);

/** The API's 422 keys on the form (`receipt`, `receipts.2` land on the receipts input). */
export const splitExpenseFieldErrors = (fieldErrors: Record<string, string[]> | undefined) =>
  splitFieldErrors(fieldErrors, (key) => (key === "receipt" || key.startsWith("receipt.") ? "receipts" : byPrefix(key)));

/** Currencies offered as suggestions (any ISO 4217 code the API converts is accepted). */
export const COMMON_CURRENCIES = [
  "EUR",
  "USD",
  "GBP",
  "CHF",
  "BRL",
  "CAD",
  "AUD",
  "JPY",
  "SEK",
  "NOK",
  "DKK",
  "PLN",
  "CZK",
  "MXN",
  "INR",
  "SGD",
  "ZAR",
] as const;
