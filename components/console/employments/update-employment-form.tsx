"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useEffect } from "react";
import { useForm, type UseFormSetError } from "react-hook-form";
import { Button, buttonClasses } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { UpdateEmploymentFormSchema, type SelectOption, type UpdateEmploymentFormValues } from "@/lib/console/employments/update-form";

export interface UpdateEmploymentFormProps {
  defaultValues: UpdateEmploymentFormValues;
  departments: SelectOption[];
  managers: SelectOption[];
  /** Selects whose options could not be loaded keep their current value and are disabled. */
  departmentsUnavailable?: boolean;
  managersUnavailable?: boolean;
  /** Runs the update; `setError` lets the caller put the API's 422 errors on fields. */
  onSubmit: (values: UpdateEmploymentFormValues, helpers: { setError: UseFormSetError<UpdateEmploymentFormValues> }) => Promise<void>;
  cancelHref: string;
}

/**
 * Update employment (spec 4.1), presentational: default values in, validated values out (the
 * contract's rules through zod). It knows nothing of fetching.
 */
export function UpdateEmploymentForm({
  defaultValues,
  departments,
  managers,
  departmentsUnavailable,
  managersUnavailable,
  onSubmit,
  cancelHref,
}: UpdateEmploymentFormProps) {
  const form = useForm<UpdateEmploymentFormValues>({
    resolver: zodResolver(UpdateEmploymentFormSchema),
    defaultValues,
    mode: "onTouched",
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = form;

  // Controls also get defaultValue: the server-rendered form shows the values before hydration.
  // New defaults (the saved employment) become the pristine state; what is being typed is kept.
  useEffect(() => reset(defaultValues, { keepDirtyValues: true }), [defaultValues, reset]);

  const hasManager = defaultValues.manager_id !== "";
  const currentDepartmentMissing = defaultValues.department_id !== "" && !departments.some((d) => d.value === defaultValues.department_id);

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => onSubmit(values, { setError }))}
      className="space-y-6"
      aria-describedby="update-form-note"
    >
      <p id="update-form-note" className="text-sm text-slate-600 dark:text-slate-400">
        Changing the department or the manager notifies the company&apos;s webhooks (employment.details.updated).
      </p>

      <Field
        id="department_id"
        label="Department"
        error={errors.department_id?.message}
        description={departmentsUnavailable ? "The departments could not be loaded, so the department can't be changed now." : undefined}
      >
        {(aria) => (
          <Select
            {...aria}
            invalid={!!errors.department_id}
            disabled={departmentsUnavailable}
            defaultValue={defaultValues.department_id}
            {...register("department_id")}
          >
            <option value="">No department</option>
            {currentDepartmentMissing ? <option value={defaultValues.department_id}>Current department</option> : null}
            {departments.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </Select>
        )}
      </Field>

      <Field
        id="manager_id"
        label="Manager"
        error={errors.manager_id?.message}
        description={
          managersUnavailable
            ? "The company's managers could not be loaded, so the manager can't be changed now."
            : "Company users with the role owner, admin or people manager." +
              (hasManager ? " A manager can be replaced but not removed." : "")
        }
      >
        {(aria) => (
          <Select
            {...aria}
            invalid={!!errors.manager_id}
            disabled={managersUnavailable}
            defaultValue={defaultValues.manager_id}
            {...register("manager_id")}
          >
            {!hasManager ? <option value="">No manager assigned</option> : null}
            {managers.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </Select>
        )}
      </Field>

      <Field
        id="external_id"
        label="External ID"
        error={errors.external_id?.message}
        description="Reference in another system (HR, payroll), at most 64 characters. Leave empty for none."
      >
        {(aria) => (
          <Input
            {...aria}
            invalid={!!errors.external_id}
            autoComplete="off"
            defaultValue={defaultValues.external_id}
            {...register("external_id")}
          />
        )}
      </Field>

      <Field id="work_email" label="Work email" error={errors.work_email?.message}>
        {(aria) => (
          <Input
            {...aria}
            type="email"
            invalid={!!errors.work_email}
            autoComplete="off"
            required
            defaultValue={defaultValues.work_email}
            {...register("work_email")}
          />
        )}
      </Field>

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5 dark:border-slate-800">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? "Saving…" : "Save changes"}
        </Button>
        <Link href={cancelHref} className={buttonClasses({ variant: "secondary" })}>
          {isDirty ? "Cancel" : "Back to employment"}
        </Link>
        {isDirty && !isSubmitting ? <span className="text-sm text-slate-600 dark:text-slate-400">Unsaved changes</span> : null}
      </div>
    </form>
  );
}
