"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useRef, useState, type ReactNode } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { toErrorPayload } from "@/lib/console/errors/present";
import { putFieldErrors } from "@/lib/console/errors/submit";
import {
  incentiveFormDefaults,
  incentiveToFormValues,
  recurringFormDefaults,
  splitIncentiveFieldErrors,
  splitRecurringFieldErrors,
  toCreateIncentiveBody,
  toCreateRecurringBody,
  toUpdateIncentiveBody,
} from "@/lib/console/incentives/form";
import { editAvailability } from "@/lib/console/incentives/rules";
import { incentivesList, recurringList } from "@/lib/console/incentives/list";
import { employmentChoices, unnamedEmployment, writeAvailability } from "@/lib/console/people-ops/eligibility";
import { createIncentive, createRecurringIncentive, incentiveDetailQuery, incentiveKeys, updateIncentive } from "@/lib/queries/incentives";
import type { QueryScope } from "@/lib/queries/scope";
import { UPDATED_PARAM, withCreated } from "../people-ops/created-notice";
import { ErrorBanner } from "@/components/console/error-banner";
import { usePeopleOpsEmployments } from "../people-ops/use-employments";
import { IncentiveForm, RecurringIncentiveForm } from "./incentive-form";

type Failure = { error: ApiErrorPayload; details: string[] };

/** The shared I/O of the incentive forms: a failed write's 422 errors onto fields, the rest in the banner. */
function useWriteFailure() {
  const [failure, setFailure] = useState<Failure | null>(null);
  const feedback = useRef<HTMLDivElement>(null);
  const fail = <V extends FieldValues>(
    thrown: unknown,
    split: (e: Record<string, string[]> | undefined) => { byField: Partial<Record<string, string>>; other: string[] },
    setError: UseFormSetError<V>,
  ) => {
    const refusal = putFieldErrors(thrown, split, (field, e, options) => setError(field as Path<V>, e, options));
    if (!refusal) return;
    setFailure({ error: refusal.error, details: refusal.other });
    feedback.current?.scrollIntoView({ block: "nearest" });
  };
  const banner = (extra?: ReactNode) => (
    <div ref={feedback} className="space-y-3 empty:hidden">
      {failure ? <ErrorBanner operation="incentives.write" error={failure.error} details={failure.details} role="alert" /> : null}
      {extra}
    </div>
  );
  return { fail, clear: () => setFailure(null), banner };
}

function useChoices(scope: QueryScope, employmentId: string) {
  const { query, items, names, pending } = usePeopleOpsEmployments(scope, employmentId);
  const choices = useMemo(() => employmentChoices("incentives", items ?? []), [items]);
  const preselected = items?.find((e) => e.id === employmentId);
  const unavailable = preselected ? writeAvailability("incentives", preselected) : null;
  const initial = choices.options.some((o) => o.value === employmentId) ? employmentId : "";
  const notes = (
    <>
      {query.isError ? <ErrorBanner operation="incentives.read" error={toErrorPayload(query.error)} /> : null}
      {unavailable && !unavailable.available ? (
        <Alert tone="info" title={`${preselected!.full_name} can't get incentives`}>
          <p>{unavailable.reason}</p>
        </Alert>
      ) : null}
    </>
  );
  return { loading: pending, options: choices.options, initial, names, notes };
}

/** Create a one-time incentive, then back to the employment's incentives. */
export function IncentiveCreateContainer({ scope, employmentId, today }: { scope: QueryScope; employmentId: string; today: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { loading, options, initial, notes } = useChoices(scope, employmentId);
  const { fail, clear, banner } = useWriteFailure();
  const defaults = useMemo(() => incentiveFormDefaults(initial), [initial]);
  if (loading) return <Skeleton className="h-96" />;
  return (
    <div className="space-y-5">
      {banner(notes)}
      <IncentiveForm
        defaultValues={defaults}
        employments={options}
        today={today}
        cancelHref={employmentId ? incentivesList.hrefFor({ employmentId: employmentId }) : incentivesList.path}
        onSubmit={async (values, { setError }) => {
          clear();
          try {
            const created = await createIncentive(scope, toCreateIncentiveBody(values));
            await queryClient.invalidateQueries({ queryKey: incentiveKeys.all(scope) });
            router.push(withCreated(incentivesList.hrefFor({ employmentId: created.employment_id }), created.id));
          } catch (thrown) {
            fail(thrown, splitIncentiveFieldErrors, setError);
          }
        }}
      />
    </div>
  );
}

/** Edit a pending incentive; a processing or paid one shows why it can't be edited (and the API's 409 if it moved on meanwhile). */
export function IncentiveEditContainer({ scope, id, today }: { scope: QueryScope; id: string; today: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const query = useQuery(incentiveDetailQuery(scope, id));
  const { names } = usePeopleOpsEmployments(scope, query.data?.employment_id ?? "");
  const { fail, clear, banner } = useWriteFailure();
  const incentive = query.data;
  const defaults = useMemo(() => (incentive ? incentiveToFormValues(incentive) : null), [incentive]);
  if (!incentive || !defaults)
    return query.isError ? <ErrorBanner operation="incentives.read" error={toErrorPayload(query.error)} role="alert" /> : null;
  const back = incentivesList.hrefFor({ employmentId: incentive.employment_id });
  const availability = editAvailability(incentive);
  if (!availability.available) {
    return (
      <div className="space-y-5">
        {banner()}
        <Alert
          tone="info"
          title="This incentive can't be edited"
          actions={
            <ButtonLink href={back} size="sm">
              Back to the incentives
            </ButtonLink>
          }
        >
          <p>{availability.reason}</p>
        </Alert>
      </div>
    );
  }
  return (
    <div className="space-y-5">
      {banner()}
      <IncentiveForm
        defaultValues={defaults}
        employments={[]}
        editing={{ employmentName: names.get(incentive.employment_id)?.full_name ?? unnamedEmployment(incentive.employment_id) }}
        today={today}
        cancelHref={back}
        onSubmit={async (values, { setError }) => {
          clear();
          const body = toUpdateIncentiveBody(values, defaults);
          if (!body) {
            router.push(back);
            return;
          }
          try {
            const updated = await updateIncentive(scope, id, body);
            queryClient.setQueryData(incentiveKeys.detail(scope, id), updated);
            await queryClient.invalidateQueries({ queryKey: incentiveKeys.lists(scope) });
            router.push(withCreated(back, updated.id, UPDATED_PARAM));
          } catch (thrown) {
            fail(thrown, splitIncentiveFieldErrors, setError);
            // A 409 means payroll took it meanwhile: refresh it, so the page shows the new status.
            void query.refetch();
          }
        }}
      />
    </div>
  );
}

/** Create a monthly incentive, then back to the employment's recurring incentives. */
export function RecurringCreateContainer({ scope, employmentId, today }: { scope: QueryScope; employmentId: string; today: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { loading, options, initial, notes } = useChoices(scope, employmentId);
  const { fail, clear, banner } = useWriteFailure();
  const defaults = useMemo(() => recurringFormDefaults(initial), [initial]);
  if (loading) return <Skeleton className="h-96" />;
  return (
    <div className="space-y-5">
      {banner(notes)}
      <RecurringIncentiveForm
        defaultValues={defaults}
        employments={options}
        today={today}
        cancelHref={employmentId ? recurringList.hrefFor({ employmentId: employmentId }) : recurringList.path}
        onSubmit={async (values, { setError }) => {
          clear();
          try {
            const created = await createRecurringIncentive(scope, toCreateRecurringBody(values));
            await queryClient.invalidateQueries({ queryKey: incentiveKeys.all(scope) });
            router.push(withCreated(recurringList.hrefFor({ employmentId: created.employment_id }), created.id));
          } catch (thrown) {
            fail(thrown, splitRecurringFieldErrors, setError);
          }
        }}
      />
    </div>
  );
}
