"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { toErrorPayload } from "@/lib/console/errors/present";
import { putFieldErrors } from "@/lib/console/errors/submit";
import { employmentChoices, writeAvailability } from "@/lib/console/people-ops/eligibility";
import { TIMEOFF_TYPE_FALLBACK_DESCRIPTIONS } from "@/lib/console/timeoff/labels";
import {
  splitTimeoffFieldErrors,
  timeoffRequestDefaults,
  toCreateTimeoffBody,
  type TimeoffRequestFormValues,
} from "@/lib/console/timeoff/request-form";
import { timeoffList } from "@/lib/console/timeoff/list";
import { TIMEOFF_TYPES } from "@/lib/contract/enums";
import type { TimeoffType } from "@/lib/contract";
import { createTimeoff, timeoffKeys, timeoffTypesQuery } from "@/lib/queries/timeoff";
import type { QueryScope } from "@/lib/queries/scope";
import { withCreated } from "../people-ops/created-notice";
import { ErrorBanner } from "@/components/console/error-banner";
import { usePeopleOpsEmployments } from "../people-ops/use-employments";
import { TimeoffRequestForm, type TimeoffRequestFormProps } from "./timeoff-request-form";

/**
 * Owns the I/O of "Request time off": the employments and the types (prefetched by the page, same
 * keys), the creation through the BFF, 422 errors on their fields, other errors with their request id;
 * then back to the employment's time off, where the request and the balance show.
 */
export function TimeoffRequestContainer({ scope, employmentId }: { scope: QueryScope; employmentId: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { query: employmentsQuery, items, pending } = usePeopleOpsEmployments(scope, employmentId);
  const typesQuery = useQuery(timeoffTypesQuery(scope));
  const [failure, setFailure] = useState<{ error: ApiErrorPayload; details: string[] } | null>(null);
  const feedback = useRef<HTMLDivElement>(null);

  const choices = useMemo(() => employmentChoices("timeoff", items ?? []), [items]);
  const preselected = items?.find((e) => e.id === employmentId);
  const unavailable = preselected ? writeAvailability("timeoff", preselected) : null;
  const defaults = useMemo(
    () => timeoffRequestDefaults({ employmentId: choices.options.some((o) => o.value === employmentId) ? employmentId : "" }),
    [choices, employmentId],
  );
  // Without the API's list the contract's own descriptions are used (same names), and the error says why.
  // Only the types a request may name (the provider also lists its own, e.g. custom company leave).
  const requestable = (t: { name: string }): t is { name: TimeoffType; description: string } =>
    (TIMEOFF_TYPES as readonly string[]).includes(t.name);
  const types =
    typesQuery.data?.filter(requestable) ?? TIMEOFF_TYPES.map((name) => ({ name, description: TIMEOFF_TYPE_FALLBACK_DESCRIPTIONS[name] }));

  if (pending) return <Skeleton className="h-96" />;

  const onSubmit: TimeoffRequestFormProps["onSubmit"] = async (values: TimeoffRequestFormValues, { setError }) => {
    setFailure(null);
    try {
      const created = await createTimeoff(scope, toCreateTimeoffBody(values));
      await queryClient.invalidateQueries({ queryKey: timeoffKeys.all(scope) });
      router.push(withCreated(timeoffList.hrefFor({ employmentId: created.employment_id }), created.id));
    } catch (thrown) {
      const refusal = putFieldErrors(thrown, splitTimeoffFieldErrors, setError);
      if (!refusal) return;
      setFailure({ error: refusal.error, details: refusal.other });
      feedback.current?.scrollIntoView({ block: "nearest" });
    }
  };

  return (
    <div className="space-y-5">
      <div ref={feedback} className="space-y-3 empty:hidden">
        {failure ? <ErrorBanner operation="timeoff.write" error={failure.error} details={failure.details} role="alert" /> : null}
        {employmentsQuery.isError ? <ErrorBanner operation="timeoff.read" error={toErrorPayload(employmentsQuery.error)} /> : null}
        {typesQuery.isError ? <ErrorBanner operation="timeoff.read" error={toErrorPayload(typesQuery.error)} /> : null}
        {unavailable && !unavailable.available ? (
          <Alert tone="info" title={`${preselected!.full_name} can't request time off`}>
            <p>{unavailable.reason}</p>
          </Alert>
        ) : null}
        {choices.excluded > 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {choices.excluded} {choices.excluded === 1 ? "employment isn't" : "employments aren't"} offered: time off is only for active
            employments and those working out their notice, and not for contractors or list-only models.
          </p>
        ) : null}
      </div>
      <TimeoffRequestForm
        defaultValues={defaults}
        employments={choices.options}
        types={types}
        onSubmit={onSubmit}
        cancelHref={employmentId ? timeoffList.hrefFor({ employmentId: employmentId }) : timeoffList.path}
      />
    </div>
  );
}
