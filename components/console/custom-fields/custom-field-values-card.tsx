"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { lazy, Suspense, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { ErrorBanner, FieldRefusalNote } from "@/components/console/error-banner";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import type { CustomFieldValueInput } from "@/lib/contract";
import { CUSTOM_FIELD_TYPE_LABELS, CUSTOM_FIELD_TYPE_TONES } from "@/lib/console/custom-fields/labels";
import { NEW_CUSTOM_FIELD_PATH, CUSTOM_FIELDS_PATH } from "@/lib/console/custom-fields/links";
import {
  formatCustomFieldValue,
  fromFormValues,
  splitValueErrors,
  toFormValues,
  type CustomFieldFormValues,
} from "@/lib/console/custom-fields/values";
import { toErrorPayload } from "@/lib/console/errors/present";
import { fieldErrorsOf } from "@/lib/console/errors/split-422";
import {
  customFieldKeys,
  employmentCustomFieldsQuery,
  setCustomFieldValue,
  type EmploymentCustomFieldEntry,
} from "@/lib/queries/custom-fields";
import type { QueryScope } from "@/lib/queries/scope";
import type { CustomFieldValueFormProps } from "./custom-field-value-form";

// The value editor (react-hook-form and its resolver) loads when a value is first edited, or when the
// pointer or focus reaches an Edit button: the employment page ships without it
// (docs/decisions/console-bundle-budgets.md).
const loadValueForm = () => import("./custom-field-value-form");
const CustomFieldValueForm = lazy(() => loadValueForm().then((m) => ({ default: m.CustomFieldValueForm })));

/**
 * The "Custom fields" section of an employment: every definition of the company with the
 * employment's value, each editable in place by its type. Owns the I/O: reads the values the server
 * prefetched (same key), saves one value with PUT through the BFF, puts the API's 422 on the input
 * and shows anything else with its request id.
 */
export function CustomFieldValuesCard({
  scope,
  employmentId,
  initialError,
}: {
  scope: QueryScope;
  employmentId: string;
  initialError?: ApiErrorPayload;
}) {
  const [serverError, setServerError] = useState<ApiErrorPayload | null>(initialError ?? null);
  const query = useQuery({ ...employmentCustomFieldsQuery(scope, employmentId), enabled: serverError === null });
  const error = serverError ?? (query.isError ? toErrorPayload(query.error) : null);
  const entries = query.data;
  return (
    <Card aria-labelledby="custom-fields-title">
      <CardHeader
        titleId="custom-fields-title"
        title="Custom fields"
        description="The company's own fields for this employment. Values are checked against each field's type."
        actions={
          <ButtonLink href={CUSTOM_FIELDS_PATH} size="sm" variant="ghost">
            Manage fields
          </ButtonLink>
        }
      />
      <CardBody>
        {error ? (
          <ErrorBanner
            error={error}
            operation="custom-fields.read-values"
            role={serverError ? undefined : "alert"}
            actions={
              <Button size="sm" variant="secondary" onClick={() => (serverError ? setServerError(null) : void query.refetch())}>
                Try again
              </Button>
            }
          />
        ) : !entries ? (
          <CustomFieldValuesSkeleton />
        ) : entries.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            The company has no custom fields yet.{" "}
            <Link
              href={NEW_CUSTOM_FIELD_PATH}
              className="font-medium text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-50"
            >
              Create one
            </Link>
            .
          </p>
        ) : (
          <dl className="detail-divided">
            {entries.map((entry) => (
              <CustomFieldValueRow key={entry.field.id} scope={scope} employmentId={employmentId} entry={entry} />
            ))}
          </dl>
        )}
      </CardBody>
    </Card>
  );
}

function CustomFieldValueRow({
  scope,
  employmentId,
  entry,
}: {
  scope: QueryScope;
  employmentId: string;
  entry: EmploymentCustomFieldEntry;
}) {
  const queryClient = useQueryClient();
  const { field, value } = entry;
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<{ error: ApiErrorPayload; details?: string[] } | null>(null);
  const [saved, setSaved] = useState(false);
  const [fieldRefusal, setFieldRefusal] = useState<ApiErrorPayload | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const shown = formatCustomFieldValue(field, value);

  const close = () => {
    setEditing(false);
    // Back to the button that opened the editor, once it is rendered again.
    setTimeout(() => editButton.current?.focus(), 0);
  };

  const save = async (next: CustomFieldValueInput): Promise<ApiErrorPayload | null> => {
    setFailure(null);
    setSaved(false);
    setFieldRefusal(null);
    try {
      const result = await setCustomFieldValue(scope, field.id, employmentId, next);
      queryClient.setQueryData<EmploymentCustomFieldEntry[]>(customFieldKeys.employmentValues(scope, employmentId), (old) =>
        old?.map((e) => (e.field.id === field.id ? { ...e, value: result.value } : e)),
      );
      setSaved(true);
      close();
      return null;
    } catch (thrown) {
      return toErrorPayload(thrown);
    }
  };

  const onSubmit: CustomFieldValueFormProps["onSubmit"] = async (values: CustomFieldFormValues, { setError }) => {
    const coerced = fromFormValues(field, values);
    if (!coerced.ok) return; // the form's resolver already showed why
    const error = await save(coerced.value);
    if (!error || error.status === 401) return;
    const split = splitValueErrors(fieldErrorsOf(error));
    if (split.value) setError("value", { type: "server", message: split.value }, { shouldFocus: true });
    if (split.currency) setError("currency", { type: "server", message: split.currency }, { shouldFocus: !split.value });
    if (split.value || split.currency) setFieldRefusal(error);
    if ((!split.value && !split.currency) || split.other.length) {
      setFailure({ error, details: split.other });
    }
  };

  const onClear = async () => {
    const error = await save(null);
    if (error && error.status !== 401) setFailure({ error });
  };

  return (
    <div className="detail-cf-row">
      <dt className="min-w-0">
        <span className="detail-cf-name">{field.name}</span>
        <div className="mt-1">
          <Badge tone={CUSTOM_FIELD_TYPE_TONES[field.type]}>{CUSTOM_FIELD_TYPE_LABELS[field.type]}</Badge>
        </div>
        {field.required ? <p className="detail-cf-required">Required</p> : null}
      </dt>
      <dd className="min-w-0 space-y-2">
        {editing ? (
          <Suspense
            fallback={
              <p role="status" className="flex items-center gap-2 text-slate-600 dark:text-slate-400">
                <Spinner /> Opening the editor…
              </p>
            }
          >
            <CustomFieldValueForm
              field={field}
              defaultValues={toFormValues(field, value)}
              onSubmit={onSubmit}
              onCancel={close}
              onClear={value !== null ? onClear : undefined}
            />
          </Suspense>
        ) : (
          <div className="detail-cf-line">
            <div className="min-w-0 break-words" data-testid={`custom-field-value-${field.id}`}>
              {shown === null ? (
                <span className="detail-cf-unset">Not set</span>
              ) : field.type === "link" && typeof value === "string" ? (
                <a href={value} target="_blank" rel="noreferrer noopener" className="detail-cf-link">
                  {shown}
                </a>
              ) : field.type === "text" ? (
                <span className="whitespace-pre-line">{shown}</span>
              ) : (
                <span>{shown}</span>
              )}
            </div>
            <Button
              ref={editButton}
              size="sm"
              variant="secondary"
              aria-label={`Edit ${field.name}`}
              onPointerEnter={() => void loadValueForm()}
              onFocus={() => void loadValueForm()}
              onClick={() => {
                setSaved(false);
                setFailure(null);
                setFieldRefusal(null);
                setEditing(true);
              }}
            >
              Edit
            </Button>
          </div>
        )}
        {saved && !editing ? (
          <p role="status" className="text-xs font-medium text-emerald-700 dark:text-emerald-300">
            Saved.
          </p>
        ) : null}
        {fieldRefusal && editing ? <FieldRefusalNote error={fieldRefusal} what="the value" where="under the input" /> : null}
        {failure ? (
          <ErrorBanner error={failure.error} operation="custom-fields.write-value" details={failure.details} role="alert" />
        ) : null}
      </dd>
    </div>
  );
}

export function CustomFieldValuesSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-3">
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="grid gap-4 sm:grid-cols-[2fr_3fr]">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-5 w-48" />
        </div>
      ))}
    </div>
  );
}
