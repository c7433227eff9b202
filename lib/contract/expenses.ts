import { z } from "zod";
import { FileSchema } from "./employment";
import { providerListEnvelopeSchema, resourceEnvelopeSchema } from "./pagination";
import { Base64FileSchema, PlainDateSchema, TimeZoneSchema, nullWhenAbsent } from "./timeoff";
import { EXPENSE_CATEGORIES, EXPENSE_STATUSES, RECEIPTS_MAX } from "./enums";

// Expenses (spec 4.2 "Expenses"; shapes from the provider's published examples). Money is integer
// minor units (×100 for every currency, DECISIONS.md).

export const ExpenseCategorySchema = z.enum(EXPENSE_CATEGORIES, { message: `must be one of: ${EXPENSE_CATEGORIES.join(", ")}` });
export type ExpenseCategory = z.infer<typeof ExpenseCategorySchema>;

/** The provider's `ExpenseCategoryNode` (every field optional there; Roster's categories are flat and global). */
export const ExpenseCategoryNodeSchema = z.object({
  slug: z.string(),
  code: z.string(),
  title: z.string(),
  description: z.string().nullable().optional(),
  instructions: z.string().nullable().optional(),
  prompt: z.string().nullable().optional(),
  is_selectable: z.boolean(),
  parent: z.object({ code: z.string().optional(), slug: z.string().optional(), title: z.string().optional() }).nullable(),
  scope: z.string(),
  status: z.string(),
});
/** GET /v1/expenses/categories: the provider's `ListExpenseCategoriesResponse` (a bare array under data). */
export const ExpenseCategoriesResponseSchema = z.object({ data: z.array(ExpenseCategoryNodeSchema) });
export const ExpenseCategoriesQuerySchema = z.object({
  employment_id: z.string().max(64).optional(),
  expense_id: z.string().max(64).optional(),
  include_parents: z.enum(["true", "false"], { message: "must be true or false" }).optional(),
  country_code: z.string().max(3).optional(),
});

export const ExpenseStatusSchema = z.enum(EXPENSE_STATUSES, { message: `must be one of: ${EXPENSE_STATUSES.join(", ")}` });
export type ExpenseStatus = z.infer<typeof ExpenseStatusSchema>;
/** The provider's `DraftExpense` statuses (the other branch of `ExpenseOrDraft`): Roster never produces them. */
export const ANY_EXPENSE_STATUSES = [...EXPENSE_STATUSES, "draft", "archived"] as const;
export type AnyExpenseStatus = (typeof ANY_EXPENSE_STATUSES)[number];

/** The provider's (deprecated) `category` values, a superset of Roster's. */
export const PROVIDER_EXPENSE_CATEGORIES = [...EXPENSE_CATEGORIES, "mileage", "per_diem"] as const;
export type AnyExpenseCategory = (typeof PROVIDER_EXPENSE_CATEGORIES)[number];

/** Receipt kinds accepted at upload (spec 4.2 names webp, csv and xlsx among them), with their media type. */
export const RECEIPT_CONTENT_TYPES = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  heic: "image/heic",
  csv: "text/csv",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;
export type ReceiptKind = keyof typeof RECEIPT_CONTENT_TYPES;
/** Largest receipt accepted, decoded. The API's request body limit (1 MiB by default) binds first. */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;

let currencyCodes: ReadonlySet<string> | undefined;
/** ISO 4217 codes the runtime knows (Intl), without the X-codes (gold, test, "no currency"). */
export function isIsoCurrency(code: string): boolean {
  currencyCodes ??= new Set(Intl.supportedValuesOf("currency").filter((c) => !c.startsWith("X")));
  return currencyCodes.has(code);
}

export const Iso4217CurrencySchema = z
  .string()
  .regex(/^[A-Z]{3}$/, "must be a three-letter ISO 4217 code in capitals (e.g. EUR)")
  .refine(isIsoCurrency, "is not an ISO 4217 currency code");

/** CurrencyDefinition of the provider's examples. */
export const CurrencyDefinitionSchema = z.object({ code: z.string(), name: z.string(), symbol: z.string() });
export type CurrencyDefinition = z.infer<typeof CurrencyDefinitionSchema>;

/** The reviewer (every field optional in the provider's types; Roster sends all three). */
export const ExpenseReviewerSchema = z.object({
  user_id: z.string().optional(),
  user_name: z.string().optional(),
  user_email: z.string().optional(),
});

/** The provider's hierarchical category reference (`expense_category`). */
export const ExpenseCategoryRefSchema = z.object({
  code: z.string().optional(),
  slug: z.string().optional(),
  title: z.string().optional(),
});

/**
 * The provider's `ExpenseOrDraft`: an `Expense`, or a `DraftExpense` (status draft or archived) whose
 * amounts, currencies, title and date may be null. Roster answers the first kind only, with every
 * field; fields the provider may omit read as null. No timestamps of its own.
 */
export const ExpenseSchema = z.object({
  id: z.uuid(),
  employment_id: z.uuid(),
  title: z.string().nullable(),
  amount: z.number().int().nullable(),
  currency: CurrencyDefinitionSchema.nullable(),
  tax_amount: z.number().int().nullable(),
  converted_amount: z.number().int().nullable(),
  converted_tax_amount: z.number().int().nullable(),
  converted_currency: CurrencyDefinitionSchema.nullable(),
  /** The provider's deprecated flat category (Roster's are a subset). */
  category: nullWhenAbsent(z.enum(PROVIDER_EXPENSE_CATEGORIES)),
  /** The provider's current category reference (Roster: its flat category, code = slug). */
  expense_category: nullWhenAbsent(ExpenseCategoryRefSchema),
  expense_date: z.iso.date().nullable(),
  notes: nullWhenAbsent(z.string()),
  /** Absent in a provider draft: read as draft. */
  status: z.preprocess((v) => v ?? "draft", z.enum(ANY_EXPENSE_STATUSES)),
  /** Why it was declined (null otherwise). */
  reason: nullWhenAbsent(z.string()),
  reviewed_at: nullWhenAbsent(z.iso.datetime()),
  reviewer: nullWhenAbsent(ExpenseReviewerSchema),
  receipts: z.array(FileSchema).default([]),
});
export type Expense = z.infer<typeof ExpenseSchema>;

export const ExpenseResponseSchema = resourceEnvelopeSchema("expense", ExpenseSchema);
export const ExpenseListResponseSchema = providerListEnvelopeSchema("expenses", ExpenseSchema);

export const ExpenseListQuerySchema = z.object({
  employment_id: z.string().max(64).optional(),
  status: ExpenseStatusSchema.optional(),
});

const amount = z
  .number()
  .int("must be an integer in minor units (e.g. 1050 for 10.50)")
  .min(1, "must be greater than 0")
  .max(100_000_000_00, "must be at most 10000000000");
const taxAmount = z
  .number()
  .int("must be an integer in minor units")
  .min(0, "must be at least 0")
  .max(100_000_000_00, "must be at most 10000000000");
const title = z.string().trim().min(1, "can't be blank").max(255, "must be at most 255 characters");
const notes = z.string().max(5000, "must be at most 5000 characters").nullable().optional();
const receipts = z
  .array(Base64FileSchema)
  .min(1, "must hold at least one receipt")
  .max(RECEIPTS_MAX, `must hold at most ${RECEIPTS_MAX} receipts`);

function oneReceiptField(body: { receipt?: unknown; receipts?: unknown }, ctx: z.RefinementCtx) {
  if (body.receipt !== undefined && body.receipts !== undefined) {
    ctx.addIssue({ code: "custom", path: ["receipts"], message: "give either receipt or receipts, not both", input: body.receipts });
  }
}

/** POST /v1/expenses: a pending expense, with one `receipt` or a list of `receipts` (not both). */
export const CreateExpenseBodySchema = z
  .strictObject({
    employment_id: z.string().min(1, "can't be blank").max(64),
    title,
    amount,
    currency: Iso4217CurrencySchema,
    tax_amount: taxAmount.optional(),
    /** The provider's deprecated category; required unless expense_category_slug names one of these. */
    category: ExpenseCategorySchema.optional(),
    expense_category_slug: z.string().max(255).nullable().optional(),
    expense_date: PlainDateSchema,
    /** The provider's: the zone in which expense_date must not be in the future (UTC when absent). */
    timezone: TimeZoneSchema.optional(),
    notes,
    receipt: Base64FileSchema.optional(),
    receipts: receipts.optional(),
    /** The provider's: an expense created already reviewed (approved), by this user (default the caller). */
    reviewer_id: z.string().max(64).optional(),
    reviewed_at: z.iso.datetime({ message: "must be an ISO 8601 UTC date-time" }).optional(),
  })
  .superRefine((body, ctx) => {
    oneReceiptField(body, ctx);
    if (body.tax_amount !== undefined && body.tax_amount > body.amount)
      ctx.addIssue({ code: "custom", path: ["tax_amount"], message: "must not exceed amount", input: body.tax_amount });
  });
export type CreateExpenseBody = z.infer<typeof CreateExpenseBodySchema>;

/**
 * PUT/PATCH /v1/expenses/{id}: edit a pending expense, and/or review it: `status` approved, or
 * declined with a `reason`. Receipts given replace the stored ones.
 */
export const UpdateExpenseBodySchema = z
  .strictObject({
    employment_id: z.string().max(64).optional(),
    title: title.optional(),
    amount: amount.optional(),
    currency: Iso4217CurrencySchema.optional(),
    tax_amount: taxAmount.optional(),
    category: ExpenseCategorySchema.optional(),
    expense_date: PlainDateSchema.optional(),
    notes,
    receipt: Base64FileSchema.optional(),
    receipts: receipts.optional(),
    status: z.enum(["approved", "declined"], { message: "must be approved or declined" }).optional(),
    reason: z.string().trim().max(2000, "must be at most 2000 characters").optional(),
  })
  .superRefine((body, ctx) => {
    oneReceiptField(body, ctx);
    if (body.status === "declined" && !body.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: "can't be blank", input: body.reason });
  });
export type UpdateExpenseBody = z.infer<typeof UpdateExpenseBodySchema>;
