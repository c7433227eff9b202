"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useId, useState } from "react";
import { useForm, type UseFormSetError } from "react-hook-form";
import { Button, buttonClasses } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { DateInput } from "@/components/ui/date-input";
import { Spinner } from "@/components/ui/spinner";
import { EXPENSE_CATEGORIES } from "@/lib/contract/enums";
import { COMMON_CURRENCIES, ExpenseFormSchema, type ExpenseFormValues } from "@/lib/console/expenses/create-form";
import { EXPENSE_CATEGORY_LABELS } from "@/lib/console/expenses/labels";
import { formatBytes, MAX_RECEIPT_TOTAL_BYTES, RECEIPT_ACCEPT, receiptFilesError } from "@/lib/console/expenses/receipts";
import type { EmploymentOption } from "@/lib/console/people-ops/eligibility";
import { Textarea } from "../people-ops/textarea";

export interface ExpenseFormProps {
  defaultValues: ExpenseFormValues;
  employments: EmploymentOption[];
  /** Today (YYYY-MM-DD): an expense date can't be later. */
  today: string;
  /** A server error on the receipts (422 `receipts.N`, or the body size). */
  receiptsError?: string;
  onSubmit: (values: ExpenseFormValues, files: File[], helpers: { setError: UseFormSetError<ExpenseFormValues> }) => Promise<void>;
  cancelHref: string;
}

/**
 * New expense (POST /v1/expenses), presentational: values and chosen files out, nothing fetched. Files
 * the API would refuse by size (its 1 MiB body limit, with base64's overhead) or by kind are refused
 * here, at once, with the reason.
 */
export function ExpenseForm({ defaultValues, employments, today, receiptsError, onSubmit, cancelHref }: ExpenseFormProps) {
  const form = useForm<ExpenseFormValues>({ resolver: zodResolver(ExpenseFormSchema), defaultValues, mode: "onTouched" });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const ids = { currencies: useId(), receipts: useId() };
  const receiptMessage = fileError ?? receiptsError ?? null;

  return (
    <form
      noValidate
      onSubmit={handleSubmit(async (values) => {
        const problem = receiptFilesError(files);
        if (problem) {
          setFileError(problem);
          document.getElementById(ids.receipts)?.focus();
          return;
        }
        await onSubmit(values, files, { setError });
      })}
      className="space-y-6"
    >
      <Field
        id="employment_id"
        label="Employment"
        error={errors.employment_id?.message}
        description="Active employments, and those working out their notice."
      >
        {(aria) => (
          <Select {...aria} invalid={!!errors.employment_id} defaultValue={defaultValues.employment_id} {...register("employment_id")}>
            <option value="">Choose an employment…</option>
            {employments.map((e) => (
              <option key={e.value} value={e.value}>
                {e.label}
              </option>
            ))}
          </Select>
        )}
      </Field>

      <Field id="title" label="Title" error={errors.title?.message}>
        {(aria) => <Input {...aria} maxLength={255} autoComplete="off" invalid={!!errors.title} {...register("title")} />}
      </Field>

      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="amount" label="Amount" error={errors.amount?.message} description="Tax included, e.g. 42.50">
          {(aria) => <Input {...aria} inputMode="decimal" autoComplete="off" invalid={!!errors.amount} {...register("amount")} />}
        </Field>
        <Field id="tax_amount" label="Of which tax (optional)" error={errors.tax_amount?.message}>
          {(aria) => <Input {...aria} inputMode="decimal" autoComplete="off" invalid={!!errors.tax_amount} {...register("tax_amount")} />}
        </Field>
        <Field id="currency" label="Currency" error={errors.currency?.message} description="ISO 4217 code">
          {(aria) => (
            <Input
              {...aria}
              list={ids.currencies}
              maxLength={3}
              autoComplete="off"
              className="uppercase"
              invalid={!!errors.currency}
              {...register("currency")}
            />
          )}
        </Field>
      </div>
      <datalist id={ids.currencies}>
        {COMMON_CURRENCIES.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="category" label="Category" error={errors.category?.message}>
          {(aria) => (
            <Select {...aria} invalid={!!errors.category} defaultValue={defaultValues.category} {...register("category")}>
              <option value="">Choose a category…</option>
              {EXPENSE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {EXPENSE_CATEGORY_LABELS[c]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id="expense_date" label="Date of the expense" error={errors.expense_date?.message} description="Today or earlier.">
          {(aria) => <DateInput {...aria} max={today} invalid={!!errors.expense_date} {...register("expense_date")} />}
        </Field>
      </div>

      <Field
        id={ids.receipts}
        label="Receipts"
        error={receiptMessage ?? undefined}
        description={`PDF, PNG, JPEG, WebP, HEIC, CSV or XLSX; up to ${formatBytes(MAX_RECEIPT_TOTAL_BYTES)} in total (the API takes requests of at most 1 MiB, and files travel base64-encoded).`}
      >
        {(aria) => (
          <input
            {...aria}
            type="file"
            multiple
            accept={RECEIPT_ACCEPT}
            aria-invalid={receiptMessage ? true : undefined}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-50 dark:text-slate-300 dark:file:border-slate-600 dark:file:bg-slate-900 dark:file:text-slate-100"
            onChange={(e) => {
              const chosen = [...(e.target.files ?? [])];
              setFiles(chosen);
              setFileError(receiptFilesError(chosen));
            }}
          />
        )}
      </Field>
      {files.length > 0 && !fileError ? (
        <ul className="-mt-3 space-y-0.5 text-sm text-slate-700 dark:text-slate-300" aria-label="Chosen receipts">
          {files.map((f) => (
            <li key={`${f.name}-${f.size}`}>
              {f.name} <span className="text-slate-500">({formatBytes(f.size)})</span>
            </li>
          ))}
        </ul>
      ) : null}

      <Field id="notes" label="Notes (optional)" error={errors.notes?.message}>
        {(aria) => <Textarea {...aria} rows={3} maxLength={5000} invalid={!!errors.notes} {...register("notes")} />}
      </Field>

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5 dark:border-slate-800">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? "Submitting…" : "Submit expense"}
        </Button>
        <Link href={cancelHref} className={buttonClasses({ variant: "secondary" })}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
