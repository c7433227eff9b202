"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { ErrorBanner, FieldRefusalNote } from "@/components/console/error-banner";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import type { CreateCustomFieldBody, CustomField } from "@/lib/contract";
import {
  EMPTY_DEFINITION,
  splitDefinitionErrors,
  toCreateCustomFieldBody,
  type CustomFieldDefinitionFormValues,
} from "@/lib/console/custom-fields/definition-form";
import { CUSTOM_FIELD_TYPE_LABELS } from "@/lib/console/custom-fields/labels";
import { CUSTOM_FIELDS_PATH } from "@/lib/console/custom-fields/links";
import { putFieldErrors } from "@/lib/console/errors/submit";
import { createCustomField, customFieldKeys } from "@/lib/queries/custom-fields";
import type { QueryScope } from "@/lib/queries/scope";
import { CustomFieldDefinitionForm, type CustomFieldDefinitionFormProps } from "./custom-field-definition-form";

/**
 * Owns the I/O of "New custom field": POST through the BFF, the API's 422 errors on their fields,
 * anything else with its request id (403 says which scope or role is missing), the caches refreshed
 * by key. After a creation the form starts again empty, with the new field named above it.
 */
export function NewCustomFieldContainer({ scope }: { scope: QueryScope }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<{ error: ApiErrorPayload; details: string[] } | null>(null);
  const [created, setCreated] = useState<CustomField | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [fieldRefusal, setFieldRefusal] = useState<ApiErrorPayload | null>(null);
  const feedback = useRef<HTMLDivElement>(null);
  const mutation = useMutation({
    mutationFn: (body: CreateCustomFieldBody) => createCustomField(scope, body),
    // Lists and every employment's values show the new field.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customFieldKeys.all(scope) }),
  });

  const onSubmit: CustomFieldDefinitionFormProps["onSubmit"] = async (values: CustomFieldDefinitionFormValues, { setError }) => {
    setFailure(null);
    setCreated(null);
    setFieldRefusal(null);
    try {
      setCreated(await mutation.mutateAsync(toCreateCustomFieldBody(values)));
      setFormKey((k) => k + 1);
    } catch (thrown) {
      const refusal = putFieldErrors(thrown, splitDefinitionErrors, setError);
      if (!refusal) return;
      const { error, other, onFields } = refusal;
      if (onFields) setFieldRefusal(error);
      if (!onFields || other.length) setFailure({ error, details: other });
    }
    feedback.current?.scrollIntoView({ block: "nearest" });
  };

  return (
    <div className="space-y-5">
      <div ref={feedback} className="space-y-3 empty:hidden">
        {failure ? <ErrorBanner error={failure.error} operation="custom-fields.create" details={failure.details} role="alert" /> : null}
        {fieldRefusal ? <FieldRefusalNote error={fieldRefusal} what="the custom field" /> : null}
        {created ? (
          <Alert tone="success" role="status" title={`Custom field “${created.name}” created`}>
            <p>
              {CUSTOM_FIELD_TYPE_LABELS[created.type]}. Every employment page now lists it under Custom fields.{" "}
              <Link href={CUSTOM_FIELDS_PATH} className="font-medium underline underline-offset-2 hover:no-underline">
                All custom fields
              </Link>
            </p>
          </Alert>
        ) : null}
      </div>
      <CustomFieldDefinitionForm key={formKey} defaultValues={EMPTY_DEFINITION} onSubmit={onSubmit} cancelHref={CUSTOM_FIELDS_PATH} />
    </div>
  );
}
