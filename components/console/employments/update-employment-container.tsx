"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { ErrorBanner } from "@/components/console/error-banner";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { updateAvailability } from "@/lib/console/employments/availability";
import { toErrorPayload } from "@/lib/console/errors/present";
import { putFieldErrors } from "@/lib/console/errors/submit";
import { employmentHref } from "@/lib/console/employments/links";
import {
  departmentOptions,
  managerOptions,
  splitUpdateFieldErrors,
  toUpdateBody,
  updateFormDefaults,
  type UpdateEmploymentFormValues,
} from "@/lib/console/employments/update-form";
import type { UpdateEmploymentV2Body } from "@/lib/contract";
import { companyManagersQuery, departmentsQuery } from "@/lib/queries/company";
import { employmentDetailQuery, employmentKeys, updateEmployment } from "@/lib/queries/employments";
import type { QueryScope } from "@/lib/queries/scope";
import { UpdateEmploymentForm, type UpdateEmploymentFormProps } from "./update-employment-form";

/**
 * Owns the I/O of "Update employment": reads the employment and the form's options (prefetched by
 * the page, same keys), runs the mutation through the BFF, puts 422 errors on their fields, shows
 * every other error with its request id, and refreshes the caches by key.
 */
export function UpdateEmploymentContainer({ scope, id }: { scope: QueryScope; id: string }) {
  const queryClient = useQueryClient();
  const employment = useQuery(employmentDetailQuery(scope, id));
  const departments = useQuery(departmentsQuery(scope));
  const managers = useQuery(companyManagersQuery(scope));
  const [failure, setFailure] = useState<{ error: ApiErrorPayload; details: string[] } | null>(null);
  const [saved, setSaved] = useState(false);
  const feedback = useRef<HTMLDivElement>(null);

  const mutation = useMutation({
    mutationFn: (body: UpdateEmploymentV2Body) => updateEmployment(scope, id, body),
    onSuccess: async (updated) => {
      queryClient.setQueryData(employmentKeys.detail(scope, id), updated);
      // Department, manager or emails may show in lists: refetch them when next needed.
      await queryClient.invalidateQueries({ queryKey: employmentKeys.lists(scope) });
    },
  });

  const e = employment.data;
  // The current manager is known by email only (the provider's Employment): the managers list gives its
  // user id (the form resets to it when the list arrives); without the list, "leave as is".
  const defaults = useMemo(() => (e ? updateFormDefaults(e, managers.data ?? []) : null), [e, managers.data]);
  const departmentChoices = useMemo(() => departmentOptions(departments.data ?? []), [departments.data]);
  const managerChoices = useMemo(() => {
    if (!managers.isError) return managerOptions(managers.data ?? [], e ? { id: defaults?.manager_id, name: e.manager } : undefined);
    // The list failed: no candidate can be offered (the current manager stays as it is).
    return [];
  }, [managers.data, managers.isError, e, defaults]);

  if (!e || !defaults) {
    return employment.isError ? <ErrorBanner error={toErrorPayload(employment.error)} role="alert" /> : null;
  }
  const availability = updateAvailability(e);
  if (!availability.available) {
    return (
      <Alert tone="info" title="This employment can't be edited">
        <p>{availability.reason}</p>
      </Alert>
    );
  }

  const onSubmit: UpdateEmploymentFormProps["onSubmit"] = async (values: UpdateEmploymentFormValues, { setError }) => {
    setFailure(null);
    setSaved(false);
    try {
      await mutation.mutateAsync(toUpdateBody(values, defaults));
      setSaved(true);
    } catch (thrown) {
      // null: a 401, the providers' cache handler is already taking the user to sign-in.
      const refusal = putFieldErrors(thrown, splitUpdateFieldErrors, setError);
      if (!refusal) return;
      setFailure({ error: refusal.error, details: refusal.other });
    }
    feedback.current?.scrollIntoView({ block: "nearest" });
  };

  return (
    <div className="space-y-5">
      <div ref={feedback} className="space-y-3 empty:hidden">
        {failure ? <ErrorBanner error={failure.error} operation="employments.write" details={failure.details} role="alert" /> : null}
        {saved ? (
          <Alert tone="success" title="Changes saved" role="status">
            <p>
              The employment was updated.{" "}
              <Link href={employmentHref(id)} className="font-medium underline underline-offset-2 hover:no-underline">
                Back to {e.full_name}
              </Link>
            </p>
          </Alert>
        ) : null}
        {departments.isError ? <ErrorBanner error={toErrorPayload(departments.error)} /> : null}
        {managers.isError ? <ErrorBanner error={toErrorPayload(managers.error)} /> : null}
      </div>
      <UpdateEmploymentForm
        defaultValues={defaults}
        departments={departmentChoices}
        managers={managerChoices}
        departmentsUnavailable={departments.isError}
        managersUnavailable={managers.isError}
        onSubmit={onSubmit}
        cancelHref={employmentHref(id)}
      />
    </div>
  );
}
