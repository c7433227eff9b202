"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { ListShell, useList } from "@/components/console/list";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { toErrorPayload } from "@/lib/console/errors/present";
import { putFieldErrors } from "@/lib/console/errors/submit";
import {
  EMPTY_CALLBACK_FORM,
  callbackFormDefaults,
  splitCallbackFieldErrors,
  toCreateBody,
  toUpdateBody,
} from "@/lib/console/webhooks/callback-form";
import { groupEventTypes, normalizeEventTypes } from "@/lib/console/webhooks/events";
import { formatTimestamp, plural } from "@/lib/console/webhooks/format";
import { callbacksList } from "@/lib/console/webhooks/list";
import type { WebhookCallback } from "@/lib/contract";
import type { WebhookCallbackRow } from "@/lib/console/webhooks/read";
import {
  createWebhookCallback,
  deleteWebhookCallback,
  updateWebhookCallback,
  webhookCallbacksQuery,
  webhookKeys,
} from "@/lib/queries/webhooks";
import type { QueryScope } from "@/lib/queries/scope";
import { EventTypeName } from "./badges";
import { CallbackForm, type CallbackFormProps } from "./callback-form";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SigningKeyReveal } from "./signing-key-reveal";
import { CallbacksSkeleton } from "./callbacks-skeleton";
import { ErrorBanner } from "@/components/console/error-banner";

type Mode = { kind: "idle" } | { kind: "create" } | { kind: "edit"; id: string };
type Failure = { error: ApiErrorPayload; details: string[] };

/**
 * The company's webhook callbacks, interactive, on the console's list framework: the page is in the
 * URL (`callbacksList`, in the URL), the page the server prefetched (same key); register, edit,
 * delete. Each write runs through the BFF; 422 errors land on the form's fields, others are shown
 * with the API's message and request id; the list is refreshed by key afterwards.
 */
export function CallbacksManager({
  scope,
  initialError,
  environmentLabel,
}: {
  scope: QueryScope;
  initialError?: ApiErrorPayload;
  environmentLabel: string;
}) {
  const queryClient = useQueryClient();
  const model = useList(callbacksList, (q) => webhookCallbacksQuery(scope, q), { initialError });
  const { state } = model;

  const [mode, setMode] = useState<Mode>({ kind: "idle" });
  const [failure, setFailure] = useState<Failure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The signing key of the callback just registered: this view's state only, dropped on "Done".
  const [revealed, setRevealed] = useState<{ callback: WebhookCallback; signingKey: string } | null>(null);
  const [deleting, setDeleting] = useState<WebhookCallback | null>(null);
  const registerButton = useRef<HTMLButtonElement>(null);
  const failureBox = useRef<HTMLDivElement>(null);

  const invalidate = () => queryClient.invalidateQueries({ queryKey: webhookKeys.callbacks(scope) });

  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: NonNullable<ReturnType<typeof toUpdateBody>> }) =>
      updateWebhookCallback(scope, id, body),
    onSuccess: () => invalidate(),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteWebhookCallback(scope, id),
    onSuccess: () => invalidate(),
  });

  const startMode = (next: Mode) => {
    setFailure(null);
    setNotice(null);
    setMode(next);
  };

  /** A failed write: 422 field errors onto the form, the rest (and the request id) in the banner. */
  const fail = (thrown: unknown, setError: Parameters<CallbackFormProps["onSubmit"]>[1]["setError"]) => {
    const refusal = putFieldErrors(thrown, splitCallbackFieldErrors, setError);
    if (!refusal) return; // the providers' cache handler is taking the user to sign-in
    const { error, other, onFields } = refusal;
    // Every message is on its field: the banner only says so, and keeps the request id.
    const allOnFields = onFields > 0 && other.length === 0;
    setFailure({ error: allOnFields ? { ...error, message: "See the messages under the fields below." } : error, details: other });
    // Nothing to focus on the form: bring the banner (role=alert, read out) into view.
    if (onFields === 0) requestAnimationFrame(() => failureBox.current?.scrollIntoView({ block: "center" }));
  };

  const onCreate: CallbackFormProps["onSubmit"] = async (values, { setError }) => {
    setFailure(null);
    try {
      // A plain call, not a mutation: the answer holds the signing key, which must not sit in a cache.
      const { signing_key: signingKey, ...callback } = await createWebhookCallback(scope, toCreateBody(values));
      setRevealed({ callback, signingKey });
      setMode({ kind: "idle" });
      void invalidate();
    } catch (thrown) {
      fail(thrown, setError);
    }
  };

  const onEdit =
    (callback: WebhookCallback): CallbackFormProps["onSubmit"] =>
    async (values, { setError }) => {
      setFailure(null);
      const body = toUpdateBody(values, callbackFormDefaults(callback));
      if (!body) {
        setMode({ kind: "idle" });
        return;
      }
      try {
        await update.mutateAsync({ id: callback.id, body });
        setMode({ kind: "idle" });
        setNotice(`Callback ${values.url.trim()} updated.`);
      } catch (thrown) {
        fail(thrown, setError);
      }
    };

  const confirmDelete = () => {
    if (!deleting) return;
    const target = deleting;
    remove.mutate(target.id, {
      onSuccess: () => {
        setDeleting(null);
        setNotice(`Callback ${target.url} deleted. Its pending deliveries were cancelled; its delivery log stays readable.`);
        if (mode.kind === "edit" && mode.id === target.id) setMode({ kind: "idle" });
      },
    });
  };

  const data = model.data;
  const error = model.error;
  const callbacks = data?.webhook_callbacks ?? [];
  const pastTheEnd = !!data && data.total_count > 0 && state.page > data.total_pages;

  return (
    <div className="space-y-4">
      {revealed ? (
        <SigningKeyReveal
          callback={revealed.callback}
          signingKey={revealed.signingKey}
          onDone={() => {
            setRevealed(null);
            registerButton.current?.focus();
          }}
        />
      ) : null}

      <div aria-live="polite" className="empty:hidden">
        {notice ? (
          <Alert tone="success" title="Done" role="status">
            <p>{notice}</p>
          </Alert>
        ) : null}
      </div>

      <ListShell
        model={model}
        items={callbacks}
        noun={["callback", "callbacks"]}
        operation="webhooks.read"
        environmentLabel={environmentLabel}
        columns={[]}
        skeleton={<CallbacksSkeleton />}
        emptyText={null}
        empty={
          pastTheEnd ? undefined : (
            <EmptyState title="No callbacks yet">
              Register a URL to receive this company&apos;s events (employment changes, expenses, payslips…). Each environment has its own
              callbacks.
            </EmptyState>
          )
        }
        filters={
          <Card>
            <CardHeader
              title="Callbacks"
              description={
                data
                  ? `${plural(data.total_count, "callback")} ${data.total_count === 1 ? "receives" : "receive"} this company's events.`
                  : "The URLs that receive this company's events."
              }
              actions={
                mode.kind === "create" ? null : (
                  <Button ref={registerButton} onClick={() => startMode({ kind: "create" })} disabled={!!error && !data}>
                    Register a callback
                  </Button>
                )
              }
            />
            {mode.kind === "create" ? (
              <CardBody className="border-b border-slate-200 bg-slate-50/60 py-5 dark:border-slate-800 dark:bg-slate-800/20">
                <h3 className="mb-4 text-sm font-semibold text-slate-900 dark:text-slate-100">Register a callback</h3>
                <div ref={failureBox} className="mb-4 empty:hidden">
                  {failure ? <ErrorBanner error={failure.error} operation="webhooks.write" details={failure.details} role="alert" /> : null}
                </div>
                <CallbackForm
                  idPrefix="new-callback"
                  mode="create"
                  defaultValues={EMPTY_CALLBACK_FORM}
                  onSubmit={onCreate}
                  onCancel={() => {
                    startMode({ kind: "idle" });
                    requestAnimationFrame(() => registerButton.current?.focus());
                  }}
                />
              </CardBody>
            ) : null}
          </Card>
        }
        aside={
          data?.source === "provider" ? (
            <Alert tone="info" title="Dates not available on this API">
              <p>This API lists callbacks without their registration dates (the provider&apos;s list of a company&apos;s callbacks).</p>
            </Alert>
          ) : null
        }
      >
        {(rows, { busy }) => (
          <ul aria-label="Webhook callbacks" aria-busy={busy || undefined} className="divide-y divide-slate-200 dark:divide-slate-800">
            {rows.map((callback) => (
              <li key={callback.id} className="px-5 py-4">
                {mode.kind === "edit" && mode.id === callback.id ? (
                  <div className="space-y-4">
                    <h3 className="text-sm font-semibold text-slate-900 dark:text-slate-100">
                      Edit callback <span className="break-all font-mono font-normal">{callback.url}</span>
                    </h3>
                    <div ref={failureBox} className="empty:hidden">
                      {failure ? (
                        <ErrorBanner error={failure.error} operation="webhooks.write" details={failure.details} role="alert" />
                      ) : null}
                    </div>
                    <CallbackForm
                      idPrefix={`edit-${callback.id}`}
                      mode="edit"
                      defaultValues={callbackFormDefaults(callback)}
                      onSubmit={onEdit(callback)}
                      onCancel={() => startMode({ kind: "idle" })}
                    />
                  </div>
                ) : (
                  <CallbackItem
                    callback={callback}
                    onEdit={() => startMode({ kind: "edit", id: callback.id })}
                    onDelete={() => {
                      remove.reset();
                      setNotice(null);
                      setDeleting(callback);
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </ListShell>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this callback?"
        confirmLabel="Delete callback"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
        feedback={remove.isError ? <ErrorBanner error={toErrorPayload(remove.error)} operation="webhooks.write" role="alert" /> : null}
      >
        <p>
          <span className="break-all font-mono">{deleting?.url}</span> stops receiving events at once, and its pending deliveries are
          cancelled. Its delivery log stays readable. This can&apos;t be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}

function CallbackItem({ callback, onEdit, onDelete }: { callback: WebhookCallbackRow; onEdit: () => void; onDelete: () => void }) {
  // The types Roster emits (a callback may also name other provider types: nothing comes for them).
  const groups = useMemo(() => groupEventTypes(normalizeEventTypes(callback.subscribed_events)), [callback.subscribed_events]);
  return (
    <article aria-labelledby={`cb-${callback.id}`} className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0 flex-1 space-y-2">
        <h3 id={`cb-${callback.id}`} className="break-all font-mono text-sm font-semibold text-slate-900 dark:text-white">
          {callback.url}
        </h3>
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
          {callback.subscribe_to_all_events ? (
            <Badge tone="violet">All events</Badge>
          ) : (
            <Badge tone="blue">{plural(callback.subscribed_events.length, "event type")}</Badge>
          )}
          {callback.created_at ? (
            <span>
              Registered <time dateTime={callback.created_at}>{formatTimestamp(callback.created_at)}</time>
            </span>
          ) : null}
          {callback.created_at && callback.updated_at && callback.updated_at !== callback.created_at ? (
            <span>
              · updated <time dateTime={callback.updated_at}>{formatTimestamp(callback.updated_at)}</time>
            </span>
          ) : null}
          {callback.company_id === null ? <Badge tone="gray">Partner callback (every consenting company)</Badge> : null}
        </div>
        {callback.subscribe_to_all_events ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Receives every event type, including types added later.</p>
        ) : (
          <details className="group text-sm">
            <summary className="cursor-pointer text-slate-700 underline-offset-2 hover:underline dark:text-slate-300">
              Show the subscribed event types
            </summary>
            <dl className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-2">
              {groups.map((g) => (
                <div key={g.area}>
                  <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">{g.label}</dt>
                  {g.events.map((e) => (
                    <dd key={e}>
                      <EventTypeName type={e} />
                    </dd>
                  ))}
                </div>
              ))}
            </dl>
          </details>
        )}
        <p className="text-xs text-slate-600 dark:text-slate-400">
          ID <code className="select-all font-mono">{callback.id}</code>
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit callback ${callback.url}`}>
          Edit
        </Button>
        <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete callback ${callback.url}`}>
          Delete
        </Button>
      </div>
    </article>
  );
}

export { CallbacksSkeleton };
