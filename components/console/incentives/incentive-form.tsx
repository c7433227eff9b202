"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useForm, useWatch, type UseFormSetError } from "react-hook-form";
import { Button, buttonClasses } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { DateInput } from "@/components/ui/date-input";
import { Spinner } from "@/components/ui/spinner";
import { INCENTIVE_TYPES, RECURRING_INCENTIVE_TYPES } from "@/lib/contract/enums";
import {
  IncentiveFormSchema,
  RecurringIncentiveFormSchema,
  recurrenceHint,
  type IncentiveFormValues,
  type RecurringIncentiveFormValues,
} from "@/lib/console/incentives/form";
import { INCENTIVE_TYPE_LABELS, TAX_TYPE_LABELS } from "@/lib/console/incentives/labels";
import type { EmploymentOption } from "@/lib/console/people-ops/eligibility";
import { Textarea } from "../people-ops/textarea";

const sortedTypes = <T extends keyof typeof INCENTIVE_TYPE_LABELS>(types: readonly T[]) =>
  [...types].sort((a, b) => INCENTIVE_TYPE_LABELS[a].localeCompare(INCENTIVE_TYPE_LABELS[b], "en"));

interface CommonProps {
  employments: EmploymentOption[];
  /** Today (YYYY-MM-DD): the effective date can't be earlier. */
  today: string;
  cancelHref: string;
}

export interface IncentiveFormProps extends CommonProps {
  defaultValues: IncentiveFormValues;
  /** Editing: the employment is fixed (shown, not changeable: the API refuses a change). */
  editing?: { employmentName: string };
  onSubmit: (values: IncentiveFormValues, helpers: { setError: UseFormSetError<IncentiveFormValues> }) => Promise<void>;
}

/** A one-time incentive (create, or edit while pending), presentational. Amounts are decimals of the employment's currency. */
export function IncentiveForm({ defaultValues, employments, today, editing, onSubmit, cancelHref }: IncentiveFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<IncentiveFormValues>({ resolver: zodResolver(IncentiveFormSchema), defaultValues, mode: "onTouched" });
  return (
    <form noValidate onSubmit={handleSubmit((v) => onSubmit(v, { setError }))} className="space-y-6">
      {editing ? (
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-slate-900 dark:text-slate-100">Employment</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">{editing.employmentName}</p>
          <input type="hidden" {...register("employment_id")} />
        </div>
      ) : (
        <EmploymentSelect
          employments={employments}
          error={errors.employment_id?.message}
          register={register("employment_id")}
          defaultValue={defaultValues.employment_id}
        />
      )}
      <Field id="type" label="Type" error={errors.type?.message}>
        {(aria) => (
          <Select {...aria} invalid={!!errors.type} defaultValue={defaultValues.type} {...register("type")}>
            <option value="">Choose a type…</option>
            {sortedTypes(INCENTIVE_TYPES).map((t) => (
              <option key={t} value={t}>
                {INCENTIVE_TYPE_LABELS[t]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <AmountFields register={register} errors={errors} />
      <Field
        id="effective_date"
        label="Effective date"
        error={errors.effective_date?.message}
        description="Today or later. It is paid with the payroll of that month (its last day)."
      >
        {(aria) => <DateInput {...aria} min={today} invalid={!!errors.effective_date} {...register("effective_date")} />}
      </Field>
      <Field id="note" label="Note (optional)" error={errors.note?.message}>
        {(aria) => <Textarea {...aria} rows={3} maxLength={2000} invalid={!!errors.note} {...register("note")} />}
      </Field>
      <Actions
        submitting={isSubmitting}
        label={editing ? "Save changes" : "Create incentive"}
        pending={editing ? "Saving…" : "Creating…"}
        cancelHref={cancelHref}
        dirty={editing ? isDirty : true}
      />
    </form>
  );
}

export interface RecurringIncentiveFormProps extends CommonProps {
  defaultValues: RecurringIncentiveFormValues;
  onSubmit: (values: RecurringIncentiveFormValues, helpers: { setError: UseFormSetError<RecurringIncentiveFormValues> }) => Promise<void>;
}

/** A monthly incentive, presentational. A signing bonus can't recur, so it is not offered. */
export function RecurringIncentiveForm({ defaultValues, employments, today, onSubmit, cancelHref }: RecurringIncentiveFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RecurringIncentiveFormValues>({ resolver: zodResolver(RecurringIncentiveFormSchema), defaultValues, mode: "onTouched" });
  const [effective, duration] = useWatch({ control, name: ["effective_date", "duration_in_months"] });
  const hint = recurrenceHint(effective, duration);
  return (
    <form noValidate onSubmit={handleSubmit((v) => onSubmit(v, { setError }))} className="space-y-6">
      <EmploymentSelect
        employments={employments}
        error={errors.employment_id?.message}
        register={register("employment_id")}
        defaultValue={defaultValues.employment_id}
      />
      <Field id="type" label="Type" error={errors.type?.message} description="A signing bonus is paid once, so it can't recur.">
        {(aria) => (
          <Select {...aria} invalid={!!errors.type} defaultValue={defaultValues.type} {...register("type")}>
            <option value="">Choose a type…</option>
            {sortedTypes(RECURRING_INCENTIVE_TYPES).map((t) => (
              <option key={t} value={t}>
                {INCENTIVE_TYPE_LABELS[t]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <AmountFields register={register} errors={errors} monthly />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="effective_date"
          label="First payment"
          error={errors.effective_date?.message}
          description="Today or later; a day from the 28th means the last day of each month."
        >
          {(aria) => <DateInput {...aria} min={today} invalid={!!errors.effective_date} {...register("effective_date")} />}
        </Field>
        <Field
          id="duration_in_months"
          label="Number of months (optional)"
          error={errors.duration_in_months?.message}
          description="1 to 120; empty for open-ended."
        >
          {(aria) => (
            <Input
              {...aria}
              inputMode="numeric"
              autoComplete="off"
              invalid={!!errors.duration_in_months}
              {...register("duration_in_months")}
            />
          )}
        </Field>
      </div>
      {hint ? (
        <p role="status" className="-mt-2 text-sm text-slate-700 dark:text-slate-300">
          {hint}
        </p>
      ) : null}
      <Field id="note" label="Note (optional)" error={errors.note?.message}>
        {(aria) => <Textarea {...aria} rows={3} maxLength={2000} invalid={!!errors.note} {...register("note")} />}
      </Field>
      <Actions submitting={isSubmitting} label="Create recurring incentive" pending="Creating…" cancelHref={cancelHref} dirty />
    </form>
  );
}

function EmploymentSelect({
  employments,
  error,
  register,
  defaultValue,
}: {
  employments: EmploymentOption[];
  error?: string;
  register: ReturnType<ReturnType<typeof useForm<IncentiveFormValues>>["register"]>;
  defaultValue: string;
}) {
  return (
    <Field
      id="employment_id"
      label="Employment"
      error={error}
      description="Any employment that has not ended (a signing bonus before the start date is normal)."
    >
      {(aria) => (
        <Select {...aria} invalid={!!error} defaultValue={defaultValue} {...register}>
          <option value="">Choose an employment…</option>
          {employments.map((e) => (
            <option key={e.value} value={e.value}>
              {e.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

type AmountValues = Pick<IncentiveFormValues, "amount" | "amount_tax_type">;

function AmountFields<V extends AmountValues>({
  register,
  errors,
  monthly,
}: {
  register: ReturnType<typeof useForm<V>>["register"];
  errors: Partial<Record<keyof AmountValues, { message?: string }>>;
  monthly?: boolean;
}) {
  const reg = register as unknown as ReturnType<typeof useForm<AmountValues>>["register"];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        id="amount"
        label={monthly ? "Amount each month" : "Amount"}
        error={errors.amount?.message}
        description="In the employment's currency, e.g. 500.25"
      >
        {(aria) => <Input {...aria} inputMode="decimal" autoComplete="off" invalid={!!errors.amount} {...reg("amount")} />}
      </Field>
      <Field
        id="amount_tax_type"
        label="Amount is"
        error={errors.amount_tax_type?.message}
        description="Gross (before tax) or net (what the employee receives)."
      >
        {(aria) => (
          <Select {...aria} invalid={!!errors.amount_tax_type} {...reg("amount_tax_type")}>
            <option value="gross">{TAX_TYPE_LABELS.gross}</option>
            <option value="net">{TAX_TYPE_LABELS.net}</option>
          </Select>
        )}
      </Field>
    </div>
  );
}

function Actions({
  submitting,
  label,
  pending,
  cancelHref,
  dirty,
}: {
  submitting: boolean;
  label: string;
  pending: string;
  cancelHref: string;
  dirty: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5 dark:border-slate-800">
      <Button type="submit" disabled={submitting}>
        {submitting ? <Spinner /> : null}
        {submitting ? pending : label}
      </Button>
      <Link href={cancelHref} className={buttonClasses({ variant: "secondary" })}>
        {dirty ? "Cancel" : "Back"}
      </Link>
    </div>
  );
}
