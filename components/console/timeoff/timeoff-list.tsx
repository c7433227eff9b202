"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState, type ComponentProps } from "react";
import { TIMEOFF_STATUSES } from "@/lib/contract/enums";
import type { Timeoff } from "@/lib/contract";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { toErrorPayload } from "@/lib/console/errors/present";
import { formatDate } from "@/lib/console/format";
import { TIMEOFF_STATUS_LABELS, TIMEOFF_TYPE_LABELS } from "@/lib/console/timeoff/labels";
import { timeoffActionAvailability, transitionBody, type TimeoffAction } from "@/lib/console/timeoff/rules";
import { timeoffList } from "@/lib/console/timeoff/list";
import { TIMEOFF_TYPES } from "@/lib/contract/enums";
import { unnamedEmployment } from "@/lib/console/people-ops/eligibility";
import { timeoffKeys, timeoffListQuery, transitionTimeoff, type TimeoffPage } from "@/lib/queries/timeoff";
import type { QueryScope } from "@/lib/queries/scope";
import { BalanceCard } from "./balance-card";
import { ActionDialog } from "../people-ops/action-dialog";
import { CreatedNotice } from "../people-ops/created-notice";
import { ErrorBanner } from "@/components/console/error-banner";
import { BulkActions, ExportButton, type BulkRunResult } from "@/components/console/list";
import { ListView } from "@/components/console/list/list-view";
import { useBulkResultRegion, useBulkReview } from "../people-ops/use-bulk-review";
import { usePeopleOpsEmployments } from "../people-ops/use-employments";
import { TIMEOFF_COLUMNS, TimeoffTable } from "./timeoff-table";

const DIALOG: Record<TimeoffAction, { title: string; confirm: string; pending: string; reason?: { label: string; description: string } }> =
  {
    approve: { title: "Approve time off", confirm: "Approve", pending: "Approving…" },
    decline: {
      title: "Decline time off",
      confirm: "Decline",
      pending: "Declining…",
      reason: { label: "Reason for declining", description: "The employee sees this reason. Required." },
    },
    cancel: {
      title: "Cancel time off",
      confirm: "Cancel time off",
      pending: "Cancelling…",
      reason: { label: "Reason for cancelling", description: "Kept with the time off. Required." },
    },
  };

type Pending = { timeoff: Timeoff; action: TimeoffAction };

/** The time off list, with approve / decline / cancel, and the balance of the employment filtered on. */
export function TimeoffList({
  scope,
  environmentLabel,
  initialError,
}: {
  scope: QueryScope;
  environmentLabel: string;
  initialError?: ApiErrorPayload;
}) {
  const queryClient = useQueryClient();
  const { items: employments, names } = usePeopleOpsEmployments(scope);
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<ApiErrorPayload | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const bulkResult = useBulkResultRegion();

  const mutation = useMutation({
    mutationFn: ({ timeoff, action, reason }: Pending & { reason: string }) =>
      transitionTimeoff(scope, timeoff.id, transitionBody(action, reason)),
    // Lists and balances both change (approved days are deducted, cancelled ones given back).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeoffKeys.all(scope) }),
  });

  const open = useCallback((timeoff: Timeoff, action: TimeoffAction) => {
    setFailure(null);
    setDone(null);
    setPending({ timeoff, action });
  }, []);

  const confirm = async (reason: string) => {
    if (!pending) return;
    setFailure(null);
    try {
      const updated = await mutation.mutateAsync({ ...pending, reason });
      setDone(
        `${TIMEOFF_TYPE_LABELS[updated.timeoff_type]} from ${formatDate(updated.start_date)} is now ${TIMEOFF_STATUS_LABELS[updated.status].toLowerCase()}.`,
      );
      setPending(null);
    } catch (thrown) {
      const error = toErrorPayload(thrown);
      if (error.status !== 401) setFailure(error);
    }
  };

  const nameOf = (id: string) => names.get(id)?.full_name ?? unnamedEmployment(id);
  const dialog = pending ? DIALOG[pending.action] : null;
  const reasonKey = pending?.action === "decline" ? "decline_reason" : "cancel_reason";

  return (
    <div className="space-y-4">
      <CreatedNotice title="Time off requested">
        <p>The request is waiting for approval below. Requested paid time off shows in the balance as upcoming requested.</p>
      </CreatedNotice>
      {done ? (
        <div
          role="status"
          className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950/40 dark:text-emerald-100"
        >
          {done}
        </div>
      ) : null}
      {bulkResult.region}
      <ListView
        scope={scope}
        operation="timeoff.read"
        employmentFilter="employmentId"
        list={timeoffList}
        query={(q) => timeoffListQuery(scope, q)}
        itemsOf={(p: TimeoffPage) => p.timeoffs}
        noun={["time off request", "time off requests"]}
        filters={[
          { name: "timeoff_type", label: "Type", options: TIMEOFF_TYPES.map((v) => ({ value: v, label: TIMEOFF_TYPE_LABELS[v] })) },
          { name: "status", label: "Status", options: TIMEOFF_STATUSES.map((v) => ({ value: v, label: TIMEOFF_STATUS_LABELS[v] })) },
        ]}
        employments={employments}
        environmentLabel={environmentLabel}
        initialError={initialError}
        emptyText="Time off requested through the API or this console appears here. Each environment has its own data."
        columns={TIMEOFF_COLUMNS}
        toolbar={
          <ExportButton
            endpoint="/api/bff/timeoff/export"
            scope={scope}
            noun={["time off request", "time off requests"]}
            columns={TIMEOFF_COLUMNS}
            operation="timeoff.read"
          />
        }
        aside={(state) =>
          state.employmentId ? (
            <BalanceCard scope={scope} employmentId={state.employmentId} employmentName={nameOf(state.employmentId)} compact />
          ) : null
        }
        renderTable={(items, view) => (
          <BulkTimeoffTable scope={scope} onResult={bulkResult.onResult} items={items} names={names} onAction={open} {...view} />
        )}
      />
      <ActionDialog
        open={pending !== null}
        title={dialog?.title ?? ""}
        confirmLabel={dialog?.confirm ?? ""}
        pendingLabel={dialog?.pending ?? ""}
        confirmVariant={pending?.action === "approve" ? "primary" : "danger"}
        reason={dialog?.reason}
        pending={mutation.isPending}
        reasonError={failure?.fieldErrors?.[reasonKey]?.join(" ")}
        feedback={failure ? <ErrorBanner operation="timeoff.write" error={failure} role="alert" /> : null}
        onConfirm={(reason) => void confirm(reason)}
        onCancel={() => setPending(null)}
      >
        {pending ? (
          <p>
            {TIMEOFF_TYPE_LABELS[pending.timeoff.timeoff_type]} of <strong>{nameOf(pending.timeoff.employment_id)}</strong>,{" "}
            {formatDate(pending.timeoff.start_date)}
            {pending.timeoff.end_date !== pending.timeoff.start_date ? ` to ${formatDate(pending.timeoff.end_date)}` : ""} (
            {pending.timeoff.timeoff_days.length} {pending.timeoff.timeoff_days.length === 1 ? "day" : "days"}).
          </p>
        ) : null}
      </ActionDialog>
    </div>
  );
}

const timeoffId = (t: Timeoff) => t.id;
const plural = (n: number) => (n === 1 ? "1 time off request" : `${n} time off requests`);

/** The time off table with row selection and bulk approve / decline (../people-ops/use-bulk-review.tsx). */
function BulkTimeoffTable({
  scope,
  onResult,
  names,
  ...table
}: Omit<ComponentProps<typeof TimeoffTable>, "selection"> & { scope: QueryScope; onResult: (r: BulkRunResult | null) => void }) {
  const rowName = useCallback(
    (t: Timeoff) =>
      `${TIMEOFF_TYPE_LABELS[t.timeoff_type]} of ${names.get(t.employment_id)?.full_name ?? unnamedEmployment(t.employment_id)}, ${formatDate(t.start_date)}`,
    [names],
  );
  const { selection, bulkActions } = useBulkReview({
    rows: table.items,
    getRowId: timeoffId,
    rowName,
    noun: "time off",
    count: plural,
    operation: "timeoff.write",
    invalidate: timeoffKeys.all(scope),
    onResult,
    approve: {
      check: (t) => timeoffActionAvailability(t, "approve"),
      run: (t) => transitionTimeoff(scope, t.id, transitionBody("approve")),
    },
    decline: {
      check: (t) => timeoffActionAvailability(t, "decline"),
      reasonDescription: "Sent with each request; the employee sees it. Required.",
      run: (t, reason) => transitionTimeoff(scope, t.id, transitionBody("decline", reason)),
    },
  });
  return (
    <div className="space-y-3">
      <BulkActions {...bulkActions} />
      <TimeoffTable {...table} names={names} selection={selection} />
    </div>
  );
}
