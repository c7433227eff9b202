"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useForm, useWatch, type UseFormSetError } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Field, Input, Select } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { toErrorPayload } from "@/lib/console/errors/present";
import { splitFieldErrors } from "@/lib/console/errors/split-422";
import { putFieldErrors } from "@/lib/console/errors/submit";
import { callbackReceives, EVENT_DESCRIPTIONS, EVENT_GROUPS } from "@/lib/console/webhooks/events";
import { plural } from "@/lib/console/webhooks/format";
import {
  EMPTY_TEST_EVENT_FORM,
  OTHER_EMPLOYMENT,
  TEST_EVENT_EMPLOYMENTS_QUERY,
  checkTestEventForm,
  employmentOptionLabel,
  testEventFieldOf,
  toTestEventBody,
  type TestEventFormValues,
} from "@/lib/console/webhooks/test-event-form";
import { deliveriesList } from "@/lib/console/webhooks/list";
import type { EmploymentListItem, SandboxTriggerWebhookBody } from "@/lib/contract";
import { employmentListQuery } from "@/lib/queries/employments";
import type { QueryScope } from "@/lib/queries/scope";
import { allWebhookCallbacksQuery, sendTestWebhookEvent, webhookKeys, type TestEventResult } from "@/lib/queries/webhooks";
import { EventTypeName } from "./badges";
import { ErrorBanner } from "@/components/console/error-banner";
import { checkResolver } from "@/lib/console/form-check";

/**
 * Sandbox only (the page does not render it on production): emits an event for an employment now,
 * through the same outbox as real changes, and shows the API's answer and where its deliveries go.
 */
export function TestEventCard({ scope }: { scope: QueryScope }) {
  const queryClient = useQueryClient();
  const employments = useQuery(employmentListQuery(scope, TEST_EVENT_EMPLOYMENTS_QUERY));
  const [result, setResult] = useState<TestEventResult | null>(null);
  const [failure, setFailure] = useState<ApiErrorPayload | null>(null);
  const callbacks = useQuery({ ...allWebhookCallbacksQuery(scope), enabled: result !== null });

  const send = useMutation({
    mutationFn: (body: SandboxTriggerWebhookBody) => sendTestWebhookEvent(scope, body),
    // New deliveries are made by the dispatcher shortly after: the log is stale from now on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.events(scope) }),
  });

  const onSubmit = async (values: TestEventFormValues, setError: UseFormSetError<TestEventFormValues>) => {
    setFailure(null);
    setResult(null);
    try {
      setResult(await send.mutateAsync(toTestEventBody(values)));
    } catch (thrown) {
      const refusal = putFieldErrors(
        thrown,
        (fieldErrors) => splitFieldErrors(fieldErrors, (key) => testEventFieldOf(key, values)),
        setError,
      );
      if (!refusal) return;
      const { error, other } = refusal;
      // A 404 is an employment the API doesn't know (another company, or a mistyped ID): say it on the field too.
      if (error.status === 404)
        setError(values.employment === OTHER_EMPLOYMENT ? "other_employment_id" : "employment", { type: "server", message: error.message });
      setFailure(other.length > 0 ? { ...error, message: `${error.message} (${other.join("; ")})` } : error);
    }
  };

  const receiving = result && callbacks.data ? callbacks.data.filter((c) => callbackReceives(c, result.event_type)).length : null;

  return (
    <Card aria-labelledby="test-event-title">
      <CardHeader
        titleId="test-event-title"
        title="Send a test event"
        description="Sandbox only. Emits an event for one of the company's employments now; every callback subscribed to its type receives it."
      />
      <CardBody className="space-y-4">
        {employments.isError ? <ErrorBanner error={toErrorPayload(employments.error)} operation="webhooks.read" /> : null}
        <TestEventForm
          employments={employments.data?.employments ?? []}
          totalEmployments={employments.data?.total_count ?? 0}
          loadingEmployments={employments.isPending}
          onSubmit={onSubmit}
        />
        <div aria-live="polite" className="space-y-3 empty:hidden">
          {failure ? <ErrorBanner error={failure} operation="webhooks.trigger" role="alert" /> : null}
          {result ? (
            <Alert tone="success" title="Event queued" role="status">
              <p>
                <EventTypeName type={result.event_type} /> · the API answered “{result.status}”.
              </p>
              {receiving === null ? null : receiving === 0 ? (
                <p className="font-medium">No callback subscribes to this event type, so nothing will be delivered.</p>
              ) : (
                <p>{plural(receiving, "callback")} will receive it, within seconds.</p>
              )}
              <p>
                <Link
                  href={deliveriesList.hrefFor({ eventType: result.event_type })}
                  className="font-medium underline underline-offset-2 hover:no-underline"
                >
                  See its deliveries and payload
                </Link>
              </p>
            </Alert>
          ) : null}
        </div>
      </CardBody>
    </Card>
  );
}

function TestEventForm({
  employments,
  totalEmployments,
  loadingEmployments,
  onSubmit,
}: {
  employments: EmploymentListItem[];
  totalEmployments: number;
  loadingEmployments: boolean;
  onSubmit: (values: TestEventFormValues, setError: UseFormSetError<TestEventFormValues>) => Promise<void>;
}) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TestEventFormValues>({
    resolver: checkResolver(checkTestEventForm),
    defaultValues: EMPTY_TEST_EVENT_FORM,
    mode: "onTouched",
  });
  const employment = useWatch({ control, name: "employment" });
  const eventType = useWatch({ control, name: "event_type" });
  const more = totalEmployments > employments.length;

  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit((values) => onSubmit(values, setError))}>
      <Field
        id="test-employment"
        label="Employment"
        error={errors.employment?.message}
        description={
          more
            ? `The first ${employments.length} of ${totalEmployments} employments; choose “Another employment” to paste an ID.`
            : undefined
        }
      >
        {(aria) => (
          <Select {...aria} invalid={!!errors.employment} disabled={loadingEmployments} {...register("employment")}>
            <option value="">{loadingEmployments ? "Loading employments…" : "Choose an employment"}</option>
            {employments.map((e) => (
              <option key={e.id} value={e.id}>
                {employmentOptionLabel(e)}
              </option>
            ))}
            <option value={OTHER_EMPLOYMENT}>Another employment (paste its ID)…</option>
          </Select>
        )}
      </Field>
      {employment === OTHER_EMPLOYMENT ? (
        <Field id="test-employment-id" label="Employment ID" error={errors.other_employment_id?.message}>
          {(aria) => (
            <Input
              {...aria}
              className="font-mono"
              autoComplete="off"
              spellCheck={false}
              invalid={!!errors.other_employment_id}
              {...register("other_employment_id")}
            />
          )}
        </Field>
      ) : null}
      <Field
        id="test-event-type"
        label="Event type"
        error={errors.event_type?.message}
        description={
          eventType ? EVENT_DESCRIPTIONS[eventType] : "Any type of spec 6.1 and 6.2; the payload carries the ids its type names."
        }
      >
        {(aria) => (
          <Select {...aria} invalid={!!errors.event_type} className="font-mono" {...register("event_type")}>
            <option value="">Choose an event type</option>
            {EVENT_GROUPS.map((g) => (
              <optgroup key={g.area} label={g.label}>
                {g.events.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </optgroup>
            ))}
          </Select>
        )}
      </Field>
      <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
        {isSubmitting ? (
          <>
            <Spinner /> Sending…
          </>
        ) : (
          "Send test event"
        )}
      </Button>
    </form>
  );
}
