"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm, type UseFormSetError } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, Input, Select } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import type { CompanyManagerRead as CompanyManager } from "@/lib/console/api-read";
import { labelOf } from "@/lib/console/read-labels";
import {
  EMPTY_INVITE,
  checkInviteManagerForm,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  ROLE_OPTIONS,
  splitInviteErrors,
  toInviteBody,
  type InviteManagerFormValues,
} from "@/lib/console/company-managers/invite-form";
import { putFieldErrors } from "@/lib/console/errors/submit";
import { companyKeys } from "@/lib/queries/company";
import { inviteManager, managerKeys } from "@/lib/queries/company-managers";
import type { QueryScope } from "@/lib/queries/scope";
import { ErrorBanner, FieldRefusalNote } from "@/components/console/error-banner";
import { checkResolver } from "@/lib/console/form-check";

/**
 * "Invite a company manager" (POST /v1/company-managers): owns the I/O, puts the API's 422 errors on
 * their fields, refreshes the list and the employment form's manager candidates by key.
 */
export function InviteManagerCard({ scope }: { scope: QueryScope }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<{ error: ApiErrorPayload; details?: string[] } | null>(null);
  const [invited, setInvited] = useState<CompanyManager | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [fieldRefusal, setFieldRefusal] = useState<ApiErrorPayload | null>(null);
  const mutation = useMutation({
    mutationFn: (values: InviteManagerFormValues) => inviteManager(scope, toInviteBody(values)),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: managerKeys.all(scope) }),
        queryClient.invalidateQueries({ queryKey: companyKeys.managers(scope) }),
      ]);
    },
  });

  const onSubmit = async (values: InviteManagerFormValues, setError: UseFormSetError<InviteManagerFormValues>) => {
    setFailure(null);
    setInvited(null);
    setFieldRefusal(null);
    try {
      setInvited(await mutation.mutateAsync(values));
      setFormKey((k) => k + 1);
    } catch (thrown) {
      const refusal = putFieldErrors(thrown, splitInviteErrors, setError);
      if (!refusal) return;
      const { error, other, onFields } = refusal;
      if (onFields) setFieldRefusal(error);
      if (!onFields || other.length) setFailure({ error, details: other });
    }
  };

  return (
    <Card aria-labelledby="invite-manager-title">
      <CardHeader titleId="invite-manager-title" title="Invite a company manager" description="Adds a user with a role to the company." />
      <CardBody className="space-y-4">
        {invited ? (
          <Alert tone="success" role="status" title={`${invited.user_name} was added`}>
            <p>
              {invited.user_email} is now {labelOf(ROLE_LABELS, invited.role).toLowerCase()} of the company.
            </p>
          </Alert>
        ) : null}
        {failure ? (
          <ErrorBanner
            title="The invitation was refused"
            error={failure.error}
            operation="company-managers.write"
            details={failure.details}
            role="alert"
          />
        ) : null}
        {fieldRefusal ? <FieldRefusalNote error={fieldRefusal} what="the invitation" /> : null}
        <InviteManagerForm key={formKey} defaultValues={EMPTY_INVITE} onSubmit={onSubmit} />
      </CardBody>
    </Card>
  );
}

/** The invitation form, presentational: name, email and role, checked with the contract's rules. */
export function InviteManagerForm({
  defaultValues,
  onSubmit,
}: {
  defaultValues: InviteManagerFormValues;
  onSubmit: (values: InviteManagerFormValues, setError: UseFormSetError<InviteManagerFormValues>) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<InviteManagerFormValues>({ resolver: checkResolver(checkInviteManagerForm), defaultValues, mode: "onTouched" });
  const role = watch("role");
  return (
    <form noValidate onSubmit={handleSubmit((v) => onSubmit(v, setError))} className="space-y-4">
      <Field id="invite-name" label="Name" error={errors.name?.message}>
        {(aria) => <Input {...aria} invalid={!!errors.name} autoComplete="off" {...register("name")} />}
      </Field>
      <Field id="invite-email" label="Email" error={errors.email?.message}>
        {(aria) => <Input {...aria} type="email" invalid={!!errors.email} autoComplete="off" {...register("email")} />}
      </Field>
      <Field id="invite-role" label="Role" error={errors.role?.message} description={ROLE_DESCRIPTIONS[role]}>
        {(aria) => (
          <Select {...aria} invalid={!!errors.role} {...register("role")}>
            {ROLE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? <Spinner /> : null}
        {isSubmitting ? "Inviting…" : "Invite"}
      </Button>
    </form>
  );
}
