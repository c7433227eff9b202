"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, type ReactNode } from "react";
import { useForm, type UseFormSetError } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Input, Select, sentence } from "@/components/ui/field";
import { DateInput } from "@/components/ui/date-input";
import { Spinner } from "@/components/ui/spinner";
import type { CustomField } from "@/lib/contract";
import { customFieldOptions } from "@/lib/contract/helpers";
import { CUSTOM_FIELD_TYPE_DESCRIPTIONS } from "@/lib/console/custom-fields/labels";
import { customFieldValueSchema, maxLengthOf, type CustomFieldFormValues } from "@/lib/console/custom-fields/values";

export interface CustomFieldValueFormProps {
  field: Pick<CustomField, "id" | "name" | "type" | "metadata">;
  defaultValues: CustomFieldFormValues;
  /** Saves the value; `setError` lets the caller put the API's 422 errors on the inputs. */
  onSubmit: (values: CustomFieldFormValues, helpers: { setError: UseFormSetError<CustomFieldFormValues> }) => Promise<void>;
  onCancel: () => void;
  /** Clears the value (only offered when there is one). */
  onClear?: () => Promise<void>;
}

const textarea =
  "block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 dark:bg-slate-900 dark:text-slate-100";

/**
 * One custom field value, presentational: the input its type needs (lib/console/custom-fields/values
 * coerces and checks it), Save, Cancel (also Escape) and Clear. It knows nothing of fetching.
 */
export function CustomFieldValueForm({ field, defaultValues, onSubmit, onCancel, onClear }: CustomFieldValueFormProps) {
  const form = useForm<CustomFieldFormValues>({ resolver: zodResolver(customFieldValueSchema(field)), defaultValues });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const rootRef = useRef<HTMLFormElement>(null);
  const base = `cf-${field.id}`;
  const valueId = `${base}-value`;
  const errorId = `${base}-error`;
  const currencyErrorId = `${base}-currency-error`;
  const hintId = `${base}-hint`;
  const invalid = !!errors.value;
  const aria = {
    id: valueId,
    "aria-describedby": [hintId, invalid ? errorId : ""].filter(Boolean).join(" "),
    "aria-invalid": invalid || undefined,
  };

  // The editor opens with the focus in its input.
  useEffect(() => {
    rootRef.current?.querySelector<HTMLElement>("input, select, textarea")?.focus();
  }, []);

  let control: ReactNode;
  switch (field.type) {
    case "text":
      control = (
        <textarea
          {...aria}
          rows={4}
          maxLength={maxLengthOf("text")}
          className={cn(textarea, invalid ? "border-red-600" : "border-slate-300 dark:border-slate-600")}
          {...register("value")}
        />
      );
      break;
    case "boolean":
      control = (
        <Select {...aria} invalid={invalid} {...register("value")}>
          <option value="">Not set</option>
          <option value="true">Yes</option>
          <option value="false">No</option>
        </Select>
      );
      break;
    case "single_select":
      control = (
        <Select {...aria} invalid={invalid} {...register("value")}>
          <option value="">Not set</option>
          {(customFieldOptions(field) ?? []).map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </Select>
      );
      break;
    case "date":
      control = <DateInput {...aria} invalid={invalid} {...register("value")} />;
      break;
    case "integer":
    case "decimal":
    case "percentage":
      control = (
        <div className="flex items-center gap-2">
          <Input
            {...aria}
            type="text"
            inputMode={field.type === "integer" ? "numeric" : "decimal"}
            autoComplete="off"
            invalid={invalid}
            className="max-w-48"
            {...register("value")}
          />
          {field.type === "percentage" ? (
            <span aria-hidden="true" className="text-sm text-slate-600 dark:text-slate-400">
              %
            </span>
          ) : null}
        </div>
      );
      break;
    case "currency":
      control = (
        <div className="flex flex-wrap items-start gap-2">
          <Input
            {...aria}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="1,500.00"
            invalid={invalid}
            className="max-w-48"
            {...register("value")}
          />
          <div>
            <label htmlFor={`${base}-currency`} className="sr-only">
              Currency of {field.name}
            </label>
            <Input
              id={`${base}-currency`}
              aria-describedby={errors.currency ? currencyErrorId : undefined}
              aria-invalid={!!errors.currency || undefined}
              invalid={!!errors.currency}
              placeholder="EUR"
              maxLength={3}
              readOnly
              autoComplete="off"
              className="w-24 uppercase"
              {...register("currency")}
            />
          </div>
        </div>
      );
      break;
    default:
      control = (
        <Input
          {...aria}
          type={field.type === "link" ? "url" : "text"}
          autoComplete="off"
          maxLength={maxLengthOf(field.type)}
          invalid={invalid}
          {...register("value")}
        />
      );
  }

  return (
    <form
      ref={rootRef}
      noValidate
      aria-label={`Edit ${field.name}`}
      onSubmit={handleSubmit((values) => onSubmit(values, { setError }))}
      onKeyDown={(e) => {
        if (e.key === "Escape" && !isSubmitting) {
          e.preventDefault();
          onCancel();
        }
      }}
      className="space-y-2"
    >
      <label htmlFor={valueId} className="sr-only">
        {field.name}
      </label>
      {control}
      <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
        {CUSTOM_FIELD_TYPE_DESCRIPTIONS[field.type]} Leave empty to clear. Escape cancels.
      </p>
      {errors.value?.message ? (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-300">
          {sentence(errors.value.message)}
        </p>
      ) : null}
      {errors.currency?.message ? (
        <p id={currencyErrorId} className="text-sm font-medium text-red-700 dark:text-red-300">
          Currency: {errors.currency.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? "Saving…" : "Save"}
        </Button>
        <Button size="sm" variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        {onClear ? (
          <Button size="sm" variant="ghost" disabled={isSubmitting} onClick={() => void onClear()}>
            Clear value
          </Button>
        ) : null}
      </div>
    </form>
  );
}
