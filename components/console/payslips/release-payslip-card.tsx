"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useForm, type UseFormSetError } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, Input, Select } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { ErrorBanner, FieldRefusalNote } from "@/components/console/error-banner";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import type { PayslipDetail, SandboxReleasePayslipBody } from "@/lib/contract";
import { checkResolver } from "@/lib/console/form-check";
import { checkReleasePayslipForm } from "@/lib/console/payslips/release-form";
import { splitFieldErrors } from "@/lib/console/errors/split-422";
import { putFieldErrors } from "@/lib/console/errors/submit";
import { formatDate } from "@/lib/console/format";
import { employmentOptions, onPayroll, type EmploymentOption } from "@/lib/console/payslips/employment-directory";
import { formatMinorAmount, formatPeriod } from "@/lib/console/payslips/format";
import { payslipDownloadPath } from "@/lib/console/payslips/links";
import { payslipKeys, releasePayslip } from "@/lib/queries/payslips";
import { withScope, type QueryScope } from "@/lib/queries/scope";
import { useEmploymentDirectory } from "./employment-directory";
import { DownloadPayslipLink } from "./payslips-table";

/**
 * Sandbox: "Release a payslip" (POST /v1/sandbox/payslips). Owns the I/O: the mutation through the
 * BFF, the API's 422 errors on their fields, anything else with its request id, and the lists'
 * refresh by key. The form itself is presentational.
 */
/** The release form's fields for the API's 422 keys. */
const splitReleaseErrors = (fieldErrors: Record<string, string[]> | undefined) =>
  splitFieldErrors<"employment_id" | "period">(fieldErrors, (key) => (key === "employment_id" || key === "period" ? key : null));

export function ReleasePayslipCard({
  scope,
  defaultEmploymentId,
  defaultPeriod,
}: {
  scope: QueryScope;
  defaultEmploymentId: string;
  defaultPeriod: string;
}) {
  const queryClient = useQueryClient();
  const directory = useEmploymentDirectory(scope);
  const [failure, setFailure] = useState<{ error: ApiErrorPayload; details?: string[] } | null>(null);
  const [released, setReleased] = useState<PayslipDetail | null>(null);
  const [downloadError, setDownloadError] = useState<ApiErrorPayload | null>(null);
  const [fieldRefusal, setFieldRefusal] = useState<ApiErrorPayload | null>(null);
  const options = useMemo(() => employmentOptions(directory.items, { filter: onPayroll }), [directory.items]);
  const mutation = useMutation({
    mutationFn: (body: SandboxReleasePayslipBody) => releasePayslip(scope, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payslipKeys.lists(scope) }),
  });

  const onSubmit = async (values: SandboxReleasePayslipBody, setError: UseFormSetError<SandboxReleasePayslipBody>) => {
    setFailure(null);
    setReleased(null);
    setFieldRefusal(null);
    try {
      setReleased(await mutation.mutateAsync(values));
    } catch (thrown) {
      const refusal = putFieldErrors(thrown, splitReleaseErrors, setError);
      if (!refusal) return;
      const { error, other, onFields } = refusal;
      if (onFields) setFieldRefusal(error);
      if (!onFields || other.length) setFailure({ error, details: other });
    }
  };

  const releasedFor = released ? directory.byId.get(released.employment_id) : undefined;
  return (
    <Card aria-labelledby="release-payslip-title">
      <CardHeader
        titleId="release-payslip-title"
        title="Release a payslip"
        description="Sandbox only: computes an employment's payslip for a month from its contract, stores it and sends the payslip.released event. In production, payslips come from payroll runs."
      />
      <CardBody className="space-y-4">
        {released ? (
          <Alert tone="success" role="status" title={`Payslip of ${formatPeriod(released.period_start)} released`}>
            <p>
              {releasedFor ? `${releasedFor.full_name}: ` : ""}net pay{" "}
              {formatMinorAmount(released.net_pay_source_amount ?? 0, released.source_currency)}, paid out on{" "}
              {formatDate(released.expected_payout_date)}.
            </p>
            <div className="pt-1">
              <DownloadPayslipLink
                href={withScope(payslipDownloadPath(released.id), scope)}
                label={`Download the payslip of ${formatPeriod(released.period_start)} (PDF)`}
                fallbackName={`payslip-${released.period_start.slice(0, 7)}.pdf`}
                onError={setDownloadError}
              />
            </div>
          </Alert>
        ) : null}
        {downloadError ? <ErrorBanner error={downloadError} role="alert" /> : null}
        {failure ? <ErrorBanner error={failure.error} operation="payslips.release" details={failure.details} role="alert" /> : null}
        {fieldRefusal ? <FieldRefusalNote error={fieldRefusal} what="the release" /> : null}
        <ReleasePayslipForm
          employments={options}
          employmentsUnavailable={directory.query.isError}
          defaultValues={{
            employment_id: defaultEmploymentId && options.some((o) => o.value === defaultEmploymentId) ? defaultEmploymentId : "",
            period: defaultPeriod,
          }}
          onSubmit={onSubmit}
        />
      </CardBody>
    </Card>
  );
}

/** The release form, presentational: an employment on payroll and a month. */
export function ReleasePayslipForm({
  employments,
  employmentsUnavailable,
  defaultValues,
  onSubmit,
}: {
  employments: EmploymentOption[];
  employmentsUnavailable?: boolean;
  defaultValues: SandboxReleasePayslipBody;
  onSubmit: (values: SandboxReleasePayslipBody, setError: UseFormSetError<SandboxReleasePayslipBody>) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SandboxReleasePayslipBody>({ resolver: checkResolver(checkReleasePayslipForm), defaultValues, mode: "onTouched" });
  return (
    <form
      noValidate
      onSubmit={handleSubmit((v) => onSubmit(v, setError))}
      className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] md:items-start"
    >
      <Field
        id="release-employment"
        label="Employment"
        error={errors.employment_id?.message}
        description={
          employmentsUnavailable
            ? "The employments could not be loaded."
            : "Employees on payroll: active, offboarding or archived, not contractors."
        }
      >
        {(aria) => (
          <Select {...aria} invalid={!!errors.employment_id} defaultValue={defaultValues.employment_id} {...register("employment_id")}>
            <option value="">Choose an employment…</option>
            {employments.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        id="release-period"
        label="Month"
        error={errors.period?.message}
        description="YYYY-MM. Not in the future, not before the start date; once per month."
      >
        {(aria) => (
          <Input
            {...aria}
            type="month"
            invalid={!!errors.period}
            placeholder="2026-02"
            defaultValue={defaultValues.period}
            {...register("period")}
          />
        )}
      </Field>
      <div className="md:pt-7">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {isSubmitting ? "Releasing…" : "Release payslip"}
        </Button>
      </div>
    </form>
  );
}
