"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { CountryForm } from "@/components/forms/country-form";
import { ErrorBanner } from "@/components/console/error-banner";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import type { CreateContractAmendmentBody } from "@/lib/contract";
import { splitAmendmentErrors, toCreateAmendmentBody } from "@/lib/console/contract-amendments/create-body";
import { amendmentHref } from "@/lib/console/contract-amendments/links";
import { toErrorPayload } from "@/lib/console/errors/present";
import { fieldErrorsOf } from "@/lib/console/errors/split-422";
import type { FieldErrors, FormValues } from "@/lib/forms";
import { amendmentKeys, createContractAmendment } from "@/lib/queries/contract-amendment";
import type { QueryScope } from "@/lib/queries/scope";

/**
 * Owns the I/O of "Request a contract amendment": the country's contract_amendment form (x-jsf,
 * rendered by the RJSF adapter) validates as the API does; the body goes to POST
 * /v1/contract-amendments through the BFF; the API's 422 errors land on their fields (the
 * `contract_amendment.` prefix stripped); anything else is shown with its request id. On success
 * the amendment's page opens.
 */
export function NewAmendmentContainer({
  scope,
  employmentId,
  contractId,
  schema,
}: {
  scope: QueryScope;
  employmentId: string;
  /** The employment's active contract (the API requires it, as the provider does). */
  contractId: string;
  schema: unknown;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [serverErrors, setServerErrors] = useState<FieldErrors | null>(null);
  const [refusal, setRefusal] = useState<ApiErrorPayload | null>(null);
  const [failure, setFailure] = useState<{ error: ApiErrorPayload; details?: string[] } | null>(null);
  const feedback = useRef<HTMLDivElement>(null);
  const mutation = useMutation({
    mutationFn: (body: CreateContractAmendmentBody) => createContractAmendment(scope, body),
    onSuccess: async (created) => {
      queryClient.setQueryData(amendmentKeys.detail(scope, created.id), created);
      await queryClient.invalidateQueries({ queryKey: amendmentKeys.lists(scope) });
    },
  });

  const onSubmit = async (body: FormValues) => {
    setFailure(null);
    setRefusal(null);
    setServerErrors(null);
    try {
      const created = await mutation.mutateAsync(toCreateAmendmentBody(employmentId, contractId, body));
      router.push(`${amendmentHref(created.id)}?submitted=1`);
    } catch (thrown) {
      const error = toErrorPayload(thrown);
      if (error.status === 401) return;
      const { form, other } = splitAmendmentErrors(fieldErrorsOf(error));
      if (Object.keys(form).length) {
        setServerErrors(form);
        setRefusal(error);
      }
      if (!Object.keys(form).length || other.length) {
        setFailure({ error, details: other });
        feedback.current?.scrollIntoView({ block: "nearest" });
      }
    }
  };

  return (
    <div className="space-y-5">
      <div ref={feedback} className="space-y-3 empty:hidden">
        {failure ? (
          <ErrorBanner error={failure.error} operation="contract-amendments.write" details={failure.details} role="alert" />
        ) : null}
        {refusal ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            The API refused the amendment: its reasons are listed in the form below.
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
        initialValues={null}
        onSubmit={onSubmit}
        serverErrors={serverErrors}
        submitting={mutation.isPending}
        submitLabel="Submit amendment"
        idPrefix="amendment"
      />
    </div>
  );
}
