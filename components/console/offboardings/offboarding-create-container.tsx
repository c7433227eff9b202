"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { toErrorPayload } from "@/lib/console/errors/present";
import { putFieldErrors } from "@/lib/console/errors/submit";
import {
  offboardingFormDefaults,
  splitOffboardingFieldErrors,
  toCreateOffboardingBody,
  type OffboardingFormValues,
} from "@/lib/console/offboardings/form";
import { offboardingsList } from "@/lib/console/offboardings/list";
import { offboardingHref } from "@/lib/console/offboardings/links";
import { employmentChoices, writeAvailability } from "@/lib/console/people-ops/eligibility";
import { employmentKeys } from "@/lib/queries/employments";
import { createOffboarding, offboardingKeys } from "@/lib/queries/offboardings";
import type { QueryScope } from "@/lib/queries/scope";
import { withCreated } from "../people-ops/created-notice";
import { ErrorBanner } from "@/components/console/error-banner";
import { usePeopleOpsEmployments } from "../people-ops/use-employments";
import { OffboardingForm, type OffboardingFormProps } from "./offboarding-form";

/**
 * Owns the I/O of "Start offboarding": the active employments (prefetched), the creation through the
 * BFF, 422 errors on their fields (the API's `termination_details.*` keys mapped), then the new
 * offboarding's page. The employment's status changes, so its caches are refreshed.
 */
export function OffboardingCreateContainer({ scope, employmentId, today }: { scope: QueryScope; employmentId: string; today: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { query: employmentsQuery, items, pending } = usePeopleOpsEmployments(scope, employmentId);
  const [failure, setFailure] = useState<{ error: ApiErrorPayload; details: string[] } | null>(null);
  const feedback = useRef<HTMLDivElement>(null);
  const choices = useMemo(() => employmentChoices("offboardings", items ?? []), [items]);
  const preselected = items?.find((e) => e.id === employmentId);
  const unavailable = preselected ? writeAvailability("offboardings", preselected) : null;
  const defaults = useMemo(
    () => offboardingFormDefaults(choices.options.some((o) => o.value === employmentId) ? employmentId : ""),
    [choices, employmentId],
  );

  if (pending) return <Skeleton className="h-96" />;

  const onSubmit: OffboardingFormProps["onSubmit"] = async (values: OffboardingFormValues, { setError }) => {
    setFailure(null);
    try {
      const created = await createOffboarding(scope, toCreateOffboardingBody(values));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: offboardingKeys.all(scope) }),
        queryClient.invalidateQueries({ queryKey: employmentKeys.all(scope) }),
      ]);
      router.push(withCreated(offboardingHref(created.id), created.id));
    } catch (thrown) {
      const refusal = putFieldErrors(thrown, splitOffboardingFieldErrors, setError);
      if (!refusal) return;
      setFailure({ error: refusal.error, details: refusal.other });
      feedback.current?.scrollIntoView({ block: "nearest" });
    }
  };

  return (
    <div className="space-y-5">
      <div ref={feedback} className="space-y-3 empty:hidden">
        {failure ? <ErrorBanner operation="offboardings.write" error={failure.error} details={failure.details} role="alert" /> : null}
        {employmentsQuery.isError ? <ErrorBanner operation="offboardings.read" error={toErrorPayload(employmentsQuery.error)} /> : null}
        {unavailable && !unavailable.available ? (
          <Alert tone="info" title={`${preselected!.full_name} can't be offboarded`}>
            <p>{unavailable.reason}</p>
          </Alert>
        ) : null}
      </div>
      <OffboardingForm
        defaultValues={defaults}
        employments={choices.options}
        today={today}
        onSubmit={onSubmit}
        cancelHref={employmentId ? offboardingsList.hrefFor({ employmentId: employmentId }) : offboardingsList.path}
      />
    </div>
  );
}
