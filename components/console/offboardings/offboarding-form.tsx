"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { Controller, useForm, useWatch, type UseFormSetError } from "react-hook-form";
import { Button, buttonClasses } from "@/components/ui/button";
import { Checkbox, Field, Input, Select, sentence } from "@/components/ui/field";
import { DateInput } from "@/components/ui/date-input";
import { Spinner } from "@/components/ui/spinner";
import { RISK_ASSESSMENT_REASONS, TERMINATION_REASONS } from "@/lib/contract/enums";
import { OffboardingFormSchema, toggleRiskReason, type OffboardingFormValues } from "@/lib/console/offboardings/form";
import { RISK_REASON_LABELS, TERMINATION_REASON_LABELS } from "@/lib/console/offboardings/labels";
import type { EmploymentOption } from "@/lib/console/people-ops/eligibility";
import { Textarea } from "../people-ops/textarea";

export interface OffboardingFormProps {
  defaultValues: OffboardingFormValues;
  employments: EmploymentOption[];
  /** Today (YYYY-MM-DD): the proposed date can't be earlier. */
  today: string;
  onSubmit: (values: OffboardingFormValues, helpers: { setError: UseFormSetError<OffboardingFormValues> }) => Promise<void>;
  cancelHref: string;
}

/** "None of these" last, after the reasons it excludes. */
const RISK_ORDER = [...RISK_ASSESSMENT_REASONS.filter((r) => r !== "none_of_these"), "none_of_these" as const];

const legend = "text-sm font-medium text-slate-900 dark:text-slate-100";
const hint = "text-sm text-slate-600 dark:text-slate-400";
const errorText = "text-sm font-medium text-red-700 dark:text-red-300";

function YesNo({
  name,
  value,
  onChange,
  options,
  invalid,
  describedBy,
}: {
  name: string;
  value: string;
  onChange: (v: string) => void;
  options: [string, string][];
  invalid?: boolean;
  describedBy?: string;
}) {
  return (
    <div className="flex flex-wrap gap-4" role="radiogroup" aria-invalid={invalid || undefined} aria-describedby={describedBy}>
      {options.map(([v, label]) => (
        <label key={v} className="flex cursor-pointer items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
          <input
            type="radio"
            name={name}
            value={v}
            checked={value === v}
            onChange={() => onChange(v)}
            className="size-4 accent-brand-600"
          />
          {label}
        </label>
      ))}
    </div>
  );
}

/** Start an offboarding (termination, POST /v1/offboardings), presentational: the termination details of the contract. */
export function OffboardingForm({ defaultValues, employments, today, onSubmit, cancelHref }: OffboardingFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OffboardingFormValues>({ resolver: zodResolver(OffboardingFormSchema), defaultValues, mode: "onTouched" });
  const [challenge, aware] = useWatch({ control, name: ["will_challenge_termination", "employee_aware"] });

  return (
    <form noValidate onSubmit={handleSubmit((v) => onSubmit(v, { setError }))} className="space-y-6">
      <Field
        id="employment_id"
        label="Employment"
        error={errors.employment_id?.message}
        description="Only active employments can be offboarded."
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

      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="proposed_termination_date"
          label="Proposed termination date"
          error={errors.proposed_termination_date?.message}
          description="Today or later; the provider agrees the final date."
        >
          {(aria) => (
            <DateInput {...aria} min={today} invalid={!!errors.proposed_termination_date} {...register("proposed_termination_date")} />
          )}
        </Field>
        <Field id="termination_reason" label="Reason" error={errors.termination_reason?.message}>
          {(aria) => (
            <Select
              {...aria}
              invalid={!!errors.termination_reason}
              defaultValue={defaultValues.termination_reason}
              {...register("termination_reason")}
            >
              <option value="">Choose a reason…</option>
              {TERMINATION_REASONS.map((r) => (
                <option key={r} value={r}>
                  {TERMINATION_REASON_LABELS[r]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>

      <Field
        id="reason_description"
        label="Describe the reason"
        error={errors.reason_description?.message}
        description="What happened, for the provider's review."
      >
        {(aria) => (
          <Textarea {...aria} rows={4} maxLength={5000} invalid={!!errors.reason_description} {...register("reason_description")} />
        )}
      </Field>

      <Controller
        control={control}
        name="risk_assessment_reasons"
        render={({ field, fieldState }) => (
          <fieldset className="space-y-2" aria-describedby="risk-hint risk-error">
            <legend className={legend}>Risk assessment</legend>
            <p id="risk-hint" className={hint}>
              Does any of these apply to the employee? Choose &quot;None of these&quot; when none does.
            </p>
            <div className="grid gap-2 sm:grid-cols-2">
              {RISK_ORDER.map((r) => (
                <Checkbox
                  key={r}
                  id={`risk-${r}`}
                  label={RISK_REASON_LABELS[r]}
                  checked={field.value.includes(r)}
                  onChange={(e) => field.onChange(toggleRiskReason(field.value, r, e.target.checked))}
                  onBlur={field.onBlur}
                />
              ))}
            </div>
            {fieldState.error?.message ? (
              <p id="risk-error" className={errorText}>
                {sentence(fieldState.error.message)}
              </p>
            ) : null}
          </fieldset>
        )}
      />

      <Controller
        control={control}
        name="will_challenge_termination"
        render={({ field, fieldState }) => (
          <fieldset className="space-y-2">
            <legend className={legend}>Is the employee expected to challenge the termination?</legend>
            <YesNo
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              invalid={!!fieldState.error}
              describedBy={fieldState.error ? "challenge-error" : undefined}
              options={[
                ["yes", "Yes"],
                ["no", "No"],
              ]}
            />
            {fieldState.error?.message ? (
              <p id="challenge-error" className={errorText}>
                {sentence(fieldState.error.message)}
              </p>
            ) : null}
          </fieldset>
        )}
      />
      {challenge === "yes" ? (
        <Field
          id="will_challenge_termination_description"
          label="How might they challenge it?"
          error={errors.will_challenge_termination_description?.message}
        >
          {(aria) => (
            <Textarea
              {...aria}
              rows={3}
              maxLength={5000}
              invalid={!!errors.will_challenge_termination_description}
              {...register("will_challenge_termination_description")}
            />
          )}
        </Field>
      ) : null}

      <fieldset className="space-y-3">
        <legend className={legend}>Employee awareness</legend>
        <Checkbox id="employee_aware" label="The employee has been told" {...register("employee_aware")} />
        {aware ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="employee_awareness_date" label="Told on" error={errors.employee_awareness_date?.message}>
              {(aria) => <DateInput {...aria} invalid={!!errors.employee_awareness_date} {...register("employee_awareness_date")} />}
            </Field>
            <Field id="employee_awareness_note" label="Note (optional)" error={errors.employee_awareness_note?.message}>
              {(aria) => (
                <Input {...aria} maxLength={2000} invalid={!!errors.employee_awareness_note} {...register("employee_awareness_note")} />
              )}
            </Field>
          </div>
        ) : null}
      </fieldset>

      <Controller
        control={control}
        name="agrees_to_pto_amount"
        render={({ field }) => (
          <fieldset className="space-y-2">
            <legend className={legend}>Does the employee agree with the amount of paid time off left?</legend>
            <YesNo
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              options={[
                ["yes", "Yes"],
                ["no", "No"],
                ["", "Not stated"],
              ]}
            />
          </fieldset>
        )}
      />

      <Field id="additional_comments" label="Additional comments (optional)" error={errors.additional_comments?.message}>
        {(aria) => (
          <Textarea {...aria} rows={3} maxLength={5000} invalid={!!errors.additional_comments} {...register("additional_comments")} />
        )}
      </Field>

      <Checkbox id="confidential" label="Confidential: only I can see this request" {...register("confidential")} />

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5 dark:border-slate-800">
        <Button type="submit" variant="danger" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? "Submitting…" : "Submit offboarding"}
        </Button>
        <Link href={cancelHref} className={buttonClasses({ variant: "secondary" })}>
          Cancel
        </Link>
        <span className={hint}>The employment moves to offboarding at once.</span>
      </div>
    </form>
  );
}
