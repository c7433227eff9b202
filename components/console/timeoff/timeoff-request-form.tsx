"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useEffect, useId, useMemo, useState } from "react";
import { useFieldArray, useForm, useWatch, type UseFormSetError } from "react-hook-form";
import { Button, buttonClasses } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { DateInput } from "@/components/ui/date-input";
import { Spinner } from "@/components/ui/spinner";
import { formatDate } from "@/lib/console/format";
import type { EmploymentOption } from "@/lib/console/people-ops/eligibility";
import { DEFAULT_HOURS_PER_DAY, regenerateDayRows, toTimeoffDays, totalHours, weekdayOf, isWorkingDay } from "@/lib/console/timeoff/days";
import { TIMEOFF_TYPE_LABELS } from "@/lib/console/timeoff/labels";
import { TimeoffRequestFormSchema, type TimeoffRequestFormValues } from "@/lib/console/timeoff/request-form";
import type { TimeoffType } from "@/lib/contract";
import { Textarea } from "../people-ops/textarea";

export interface TimeoffRequestFormProps {
  defaultValues: TimeoffRequestFormValues;
  employments: EmploymentOption[];
  /** Names and descriptions from GET /v1/timeoff/types. */
  types: { name: TimeoffType; description: string }[];
  onSubmit: (values: TimeoffRequestFormValues, helpers: { setError: UseFormSetError<TimeoffRequestFormValues> }) => Promise<void>;
  cancelHref: string;
}

/**
 * Request time off (POST /v1/timeoff), presentational: default values in, validated values out. The
 * days follow the dates: one row per day of the range, working days included with 8 hours, each one
 * editable; edits survive a change of dates for the days still in range.
 */
export function TimeoffRequestForm({ defaultValues, employments, types, onSubmit, cancelHref }: TimeoffRequestFormProps) {
  const form = useForm<TimeoffRequestFormValues>({ resolver: zodResolver(TimeoffRequestFormSchema), defaultValues, mode: "onTouched" });
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const { fields, replace } = useFieldArray({ control, name: "days" });
  const [start, end, type, days] = useWatch({ control, name: ["start_date", "end_date", "timeoff_type", "days"] });
  const zonesId = useId();
  const [zones, setZones] = useState<string[]>([]);

  // The browser's time zone as a starting point, and the runtime's zone list as suggestions (after
  // mount: the server's list may differ from the browser's).
  useEffect(() => {
    setZones(Intl.supportedValuesOf("timeZone"));
    if (!getValues("timezone")) setValue("timezone", Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
  }, [getValues, setValue]);

  // The rows follow the dates (only when they change: a replace marks the array as changed).
  useEffect(() => {
    const current = getValues("days");
    const next = regenerateDayRows(current, start, end);
    if (next.length !== current.length || next.some((r, i) => r !== current[i])) replace(next);
  }, [start, end, getValues, replace]);

  const description = types.find((t) => t.name === type)?.description;
  const included = useMemo(() => toTimeoffDays(days ?? []), [days]);
  const daysError = errors.days?.message ?? errors.days?.root?.message;

  return (
    <form noValidate onSubmit={handleSubmit((values) => onSubmit(values, { setError }))} className="space-y-6">
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

      <Field
        id="timeoff_type"
        label="Type"
        error={errors.timeoff_type?.message}
        description={description ?? "The descriptions come from the API's list of types."}
      >
        {(aria) => (
          <Select {...aria} invalid={!!errors.timeoff_type} defaultValue={defaultValues.timeoff_type} {...register("timeoff_type")}>
            <option value="">Choose a type…</option>
            {types.map((t) => (
              <option key={t.name} value={t.name}>
                {TIMEOFF_TYPE_LABELS[t.name] ?? t.name}
              </option>
            ))}
          </Select>
        )}
      </Field>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="start_date" label="First day" error={errors.start_date?.message}>
          {(aria) => <DateInput {...aria} invalid={!!errors.start_date} {...register("start_date")} />}
        </Field>
        <Field id="end_date" label="Last day" error={errors.end_date?.message}>
          {(aria) => <DateInput {...aria} min={start || undefined} invalid={!!errors.end_date} {...register("end_date")} />}
        </Field>
      </div>

      <Field
        id="timezone"
        label="Time zone"
        error={errors.timezone?.message}
        description="The employee's time zone (IANA name, e.g. Europe/Lisbon): the time off counts as taken after its last day ends there."
      >
        {(aria) => (
          <Input {...aria} list={zonesId} autoComplete="off" spellCheck={false} invalid={!!errors.timezone} {...register("timezone")} />
        )}
      </Field>
      <datalist id={zonesId}>
        {zones.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>

      <fieldset className="space-y-2" aria-describedby="days-summary">
        <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">Days and hours</legend>
        <p id="days-summary" className="text-sm text-slate-600 dark:text-slate-400">
          {fields.length === 0
            ? "Choose the first and last day: every working day between them is added with 8 hours, and each can be changed."
            : `${included.length} ${included.length === 1 ? "day" : "days"}, ${totalHours(included)} hours. Weekends are listed but left out; tick one to include it.`}
        </p>
        {fields.length > 0 ? (
          <div className="max-h-96 overflow-y-auto rounded-md border border-slate-200 dark:border-slate-700" role="group" aria-label="Days">
            <table className="min-w-full text-sm">
              <thead className="sticky top-0 bg-slate-50 dark:bg-slate-800">
                <tr>
                  <th
                    scope="col"
                    className="px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300"
                  >
                    Day
                  </th>
                  <th
                    scope="col"
                    className="px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300"
                  >
                    Hours
                  </th>
                </tr>
              </thead>
              <tbody>
                {fields.map((f, i) => {
                  const label = `${weekdayOf(f.day)} ${formatDate(f.day)}`;
                  const hoursError = errors.days?.[i]?.hours?.message;
                  const on = days?.[i]?.included ?? f.included;
                  return (
                    <tr key={f.id} className={isWorkingDay(f.day) ? undefined : "bg-slate-50/70 dark:bg-slate-800/40"}>
                      <td className="border-t border-slate-200 px-3 py-1.5 dark:border-slate-700">
                        <label className="flex items-center gap-2">
                          <input type="checkbox" className="size-4 accent-brand-600" {...register(`days.${i}.included`)} />
                          <span>{label}</span>
                        </label>
                      </td>
                      <td className="border-t border-slate-200 px-3 py-1.5 dark:border-slate-700">
                        <Input
                          type="number"
                          min={0}
                          max={24}
                          step={1}
                          className={on ? "h-8 w-20" : "h-8 w-20 opacity-50"}
                          aria-label={`Hours on ${label}`}
                          aria-invalid={hoursError ? true : undefined}
                          {...register(`days.${i}.hours`, { valueAsNumber: true })}
                        />
                        {hoursError ? <span className="ml-2 text-xs font-medium text-red-700 dark:text-red-300">{hoursError}</span> : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : null}
        {daysError ? (
          <p className="text-sm font-medium text-red-700 dark:text-red-300">{daysError[0]!.toUpperCase() + daysError.slice(1)}</p>
        ) : null}
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {DEFAULT_HOURS_PER_DAY} hours is a full working day by default; hours are whole numbers from 0 to 24.
        </p>
      </fieldset>

      <Field id="notes" label="Notes (optional)" error={errors.notes?.message}>
        {(aria) => <Textarea {...aria} rows={3} maxLength={5000} invalid={!!errors.notes} {...register("notes")} />}
      </Field>

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5 dark:border-slate-800">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? "Requesting…" : "Request time off"}
        </Button>
        <Link href={cancelHref} className={buttonClasses({ variant: "secondary" })}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
