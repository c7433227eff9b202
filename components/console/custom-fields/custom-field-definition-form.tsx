"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useForm, type UseFormSetError } from "react-hook-form";
import { Button, buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Field, Input, Select } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { CUSTOM_FIELD_DATA_ENTRY_ACCESS, CUSTOM_FIELD_TYPES, CUSTOM_FIELD_VISIBILITY_SCOPES } from "@/lib/contract";
import { CustomFieldDefinitionFormSchema, type CustomFieldDefinitionFormValues } from "@/lib/console/custom-fields/definition-form";
import { CUSTOM_FIELD_ACCESS_LABELS, CUSTOM_FIELD_TYPE_DESCRIPTIONS, CUSTOM_FIELD_TYPE_LABELS } from "@/lib/console/custom-fields/labels";

export interface CustomFieldDefinitionFormProps {
  defaultValues: CustomFieldDefinitionFormValues;
  /** Creates the field; `setError` lets the caller put the API's 422 errors on fields. */
  onSubmit: (
    values: CustomFieldDefinitionFormValues,
    helpers: { setError: UseFormSetError<CustomFieldDefinitionFormValues> },
  ) => Promise<void>;
  cancelHref: string;
}

const textarea = "block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm dark:bg-slate-900 dark:text-slate-100";

/** A new custom field definition, presentational: values in, validated values out (the contract's rules). */
export function CustomFieldDefinitionForm({ defaultValues, onSubmit, cancelHref }: CustomFieldDefinitionFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CustomFieldDefinitionFormValues>({
    resolver: zodResolver(CustomFieldDefinitionFormSchema),
    defaultValues,
    mode: "onTouched",
  });
  const type = watch("type");
  return (
    <form noValidate onSubmit={handleSubmit((v) => onSubmit(v, { setError }))} className="space-y-6">
      <Field
        id="cf-name"
        label="Name"
        error={errors.name?.message}
        description="Unique in the company (case is ignored), at most 100 characters."
      >
        {(aria) => <Input {...aria} invalid={!!errors.name} autoComplete="off" required {...register("name")} />}
      </Field>
      <Field
        id="cf-type"
        label="Type"
        error={errors.type?.message}
        description={`${CUSTOM_FIELD_TYPE_DESCRIPTIONS[type] ?? ""} The type can't be changed later.`}
      >
        {(aria) => (
          <Select {...aria} invalid={!!errors.type} {...register("type")}>
            {CUSTOM_FIELD_TYPES.map((t) => (
              <option key={t} value={t}>
                {CUSTOM_FIELD_TYPE_LABELS[t]} ({t})
              </option>
            ))}
          </Select>
        )}
      </Field>
      {type === "single_select" ? (
        <Field
          id="cf-options"
          label="Options"
          error={errors.options?.message}
          description="One option per line, 1 to 100 of them, each at most 100 characters."
        >
          {(aria) => (
            <textarea
              {...aria}
              rows={5}
              className={cn(textarea, errors.options ? "border-red-600" : "border-slate-300 dark:border-slate-600")}
              {...register("options")}
            />
          )}
        </Field>
      ) : null}
      {type === "currency" ? (
        <Field id="cf-currency" label="Currency" error={errors.currency?.message} description="The ISO 4217 code of the amounts, e.g. EUR.">
          {(aria) => (
            <Input
              {...aria}
              invalid={!!errors.currency}
              autoComplete="off"
              maxLength={3}
              className="w-24 uppercase"
              {...register("currency")}
            />
          )}
        </Field>
      ) : null}
      <Field id="cf-required" label="Required" error={errors.required?.message} description="Whether every employment must have a value.">
        {(aria) => (
          <Select {...aria} invalid={!!errors.required} {...register("required")}>
            <option value="false">No</option>
            <option value="true">Yes</option>
          </Select>
        )}
      </Field>
      <Field id="cf-data-entry-access" label="Who enters values" error={errors.data_entry_access?.message}>
        {(aria) => (
          <Select {...aria} invalid={!!errors.data_entry_access} {...register("data_entry_access")}>
            {CUSTOM_FIELD_DATA_ENTRY_ACCESS.map((a) => (
              <option key={a} value={a}>
                {CUSTOM_FIELD_ACCESS_LABELS[a]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field id="cf-visibility-scope" label="Who sees values" error={errors.visibility_scope?.message}>
        {(aria) => (
          <Select {...aria} invalid={!!errors.visibility_scope} {...register("visibility_scope")}>
            {CUSTOM_FIELD_VISIBILITY_SCOPES.map((a) => (
              <option key={a} value={a}>
                {CUSTOM_FIELD_ACCESS_LABELS[a]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5 dark:border-slate-800">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? "Creating…" : "Create custom field"}
        </Button>
        <Link href={cancelHref} className={buttonClasses({ variant: "secondary" })}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
