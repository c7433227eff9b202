"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type ReactNode } from "react";
import { ErrorBanner } from "@/components/console/error-banner";
import { Alert } from "@/components/ui/alert";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { toErrorPayload } from "@/lib/console/errors/present";
import { fieldErrorsOf } from "@/lib/console/errors/split-422";
import type { Employment, EmploymentSection } from "@/lib/contract";
import { mapServerErrors, type FieldErrors, type FormValues } from "@/lib/forms";
import { employmentKeys } from "@/lib/queries/employment";
import type { QueryScope } from "@/lib/queries/scope";
import { CountryForm } from "./country-form";
import { updateSectionRequest } from "./requests";
import { SECTION_LABELS } from "./section-labels";

// Owns the I/O of one country-form section: PATCH /v1/employments/{id} {<section>: body} through
// the BFF, the API's 422 field errors put on their fields (section prefix stripped), every other
// error shown with its request id, and the employment's cache updated by key.

export interface SectionFormContainerProps {
  scope: QueryScope;
  employmentId: string;
  section: EmploymentSection;
  /** The form's schema as GET /v1/countries/{code}/{form} answered it. */
  schema: unknown;
  initialValues?: FormValues | null;
  submitLabel?: string;
  /** Called after a successful save (the new-employment flow moves on). */
  onSaved?: (employment: Employment) => void;
  /** What the success notice adds (e.g. a link back); false for no notice. */
  savedNote?: ReactNode | false;
  /** Extra actions next to the submit button (e.g. "Skip for now"). */
  children?: ReactNode;
}

export function SectionFormContainer({
  scope,
  employmentId,
  section,
  schema,
  initialValues,
  submitLabel,
  onSaved,
  savedNote,
  children,
}: SectionFormContainerProps) {
  const queryClient = useQueryClient();
  const [serverErrors, setServerErrors] = useState<FieldErrors | null>(null);
  const [refusal, setRefusal] = useState<ApiErrorPayload | null>(null);
  const [failure, setFailure] = useState<ApiErrorPayload | null>(null);
  const [saved, setSaved] = useState(false);
  const feedback = useRef<HTMLDivElement>(null);
  const label = SECTION_LABELS[section];

  const mutation = useMutation({
    mutationFn: (body: FormValues) => updateSectionRequest(scope, employmentId, section, body),
    onSuccess: async (employment) => {
      queryClient.setQueryData(employmentKeys.detail(scope, employmentId), employment);
      await queryClient.invalidateQueries({ queryKey: employmentKeys.lists(scope) });
    },
  });

  const onSubmit = async (body: FormValues) => {
    setFailure(null);
    setRefusal(null);
    setServerErrors(null);
    setSaved(false);
    try {
      const employment = await mutation.mutateAsync(body);
      setSaved(true);
      onSaved?.(employment);
      feedback.current?.scrollIntoView({ block: "nearest" });
    } catch (thrown) {
      const error = toErrorPayload(thrown);
      // 401: the console's query client is already taking the user to sign in.
      if (error.status === 401) return;
      const fieldErrors = fieldErrorsOf(error);
      if (fieldErrors && Object.keys(fieldErrors).length) {
        // On the fields, and in the form's error summary (which takes the focus).
        setServerErrors(mapServerErrors(fieldErrors, section));
        setRefusal(error);
      } else {
        setFailure(error);
        feedback.current?.scrollIntoView({ block: "nearest" });
      }
    }
  };

  return (
    <div className="space-y-5">
      <div ref={feedback} className="space-y-3">
        {saved && savedNote !== false ? (
          <Alert tone="success" title={`${label} saved`} role="status">
            {savedNote ?? <p>The API accepted the {label.toLowerCase()}.</p>}
          </Alert>
        ) : null}
        {failure ? <ErrorBanner error={failure} operation="employments.write" role="alert" /> : null}
        {refusal ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            The API refused the {label.toLowerCase()}: its reasons are listed in the form below.
            {refusal.requestId ? (
              <>
                {" "}
                Request id: <code className="select-all font-mono text-xs">{refusal.requestId}</code>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      <CountryForm
        schema={schema}
        initialValues={initialValues}
        onSubmit={onSubmit}
        serverErrors={serverErrors}
        submitting={mutation.isPending}
        submitLabel={submitLabel ?? `Save ${label.toLowerCase()}`}
      >
        {children}
      </CountryForm>
    </div>
  );
}
