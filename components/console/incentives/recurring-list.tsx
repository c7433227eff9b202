"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { RECURRING_INCENTIVE_STATUSES } from "@/lib/contract/enums";
import type { RecurringIncentive } from "@/lib/contract";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { toErrorPayload } from "@/lib/console/errors/present";
import { formatDate } from "@/lib/console/format";
import { INCENTIVE_TYPE_LABELS, RECURRING_STATUS_LABELS } from "@/lib/console/incentives/labels";
import { recurringList } from "@/lib/console/incentives/list";
import { unnamedEmployment } from "@/lib/console/people-ops/eligibility";
import { formatMinor } from "@/lib/console/people-ops/money";
import {
  deleteRecurringIncentive,
  incentiveKeys,
  recurringIncentiveListQuery,
  type RecurringIncentivePage,
} from "@/lib/queries/incentives";
import type { QueryScope } from "@/lib/queries/scope";
import { ActionDialog } from "../people-ops/action-dialog";
import { CreatedNotice } from "../people-ops/created-notice";
import { ErrorBanner } from "@/components/console/error-banner";
import { ExportButton } from "@/components/console/list";
import { ListView } from "@/components/console/list/list-view";
import { usePeopleOpsEmployments } from "../people-ops/use-employments";
import { RECURRING_COLUMNS, RecurringTable } from "./recurring-table";

const itemsOf = (p: RecurringIncentivePage) => p.recurring_incentives;

/** Recurring (monthly) incentives: filters, and delete, which stops the recurrence and keeps what is already scheduled. */
export function RecurringList({
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
  const [deleting, setDeleting] = useState<RecurringIncentive | null>(null);
  const [deleteError, setDeleteError] = useState<ApiErrorPayload | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (r: RecurringIncentive) => deleteRecurringIncentive(scope, r.id),
    // Recurring incentives generate one-time ones: both lists change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: incentiveKeys.all(scope) }),
  });
  const nameOf = (id: string) => names.get(id)?.full_name ?? unnamedEmployment(id);
  const describe = (r: RecurringIncentive) =>
    `Recurring ${INCENTIVE_TYPE_LABELS[r.type].toLowerCase()} of ${nameOf(r.employment_id)} (${formatMinor(r.amount)} a month from ${formatDate(r.start_date)})`;

  const onDelete = useCallback((r: RecurringIncentive) => {
    setDeleteError(null);
    setDone(null);
    setDeleting(r);
  }, []);

  const confirm = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      const result = await remove.mutateAsync(deleting);
      const kept = result.already_scheduled_incentives.length;
      setDone(
        `${describe(deleting)} was stopped. ${kept === 0 ? "No monthly payment was scheduled yet." : `${kept} monthly ${kept === 1 ? "payment" : "payments"} already scheduled stay in the one-time list (each can be deleted while pending).`}`,
      );
      setDeleting(null);
    } catch (thrown) {
      const error = toErrorPayload(thrown);
      if (error.status !== 401) setDeleteError(error);
    }
  };

  return (
    <div className="space-y-4">
      <CreatedNotice title="Recurring incentive created">
        <p>The months up to this one are scheduled at once as one-time incentives; later ones follow each month.</p>
      </CreatedNotice>
      {done ? (
        <Alert tone="success" title="Recurring incentive deleted" role="status">
          <p>{done}</p>
        </Alert>
      ) : null}
      <ListView
        scope={scope}
        operation="incentives.read"
        employmentFilter="employmentId"
        list={recurringList}
        query={(q) => recurringIncentiveListQuery(scope, q)}
        itemsOf={itemsOf}
        noun={["recurring incentive", "recurring incentives"]}
        filters={[
          {
            name: "status",
            label: "Status",
            options: RECURRING_INCENTIVE_STATUSES.map((v) => ({ value: v, label: RECURRING_STATUS_LABELS[v] })),
          },
        ]}
        employments={employments}
        environmentLabel={environmentLabel}
        initialError={initialError}
        emptyText="Allowances and other incentives paid every month appear here."
        columns={RECURRING_COLUMNS}
        toolbar={
          <ExportButton
            endpoint="/api/bff/incentives/recurring/export"
            scope={scope}
            noun={["recurring incentive", "recurring incentives"]}
            columns={RECURRING_COLUMNS}
            operation="incentives.read"
          />
        }
        renderTable={(items, { busy, caption, table }) => (
          <RecurringTable items={items} names={names} busy={busy} caption={caption} table={table} onDelete={onDelete} />
        )}
      />
      <ActionDialog
        open={deleting !== null}
        title="Delete recurring incentive"
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        confirmVariant="danger"
        pending={remove.isPending}
        feedback={deleteError ? <ErrorBanner operation="incentives.write" error={deleteError} role="alert" /> : null}
        onConfirm={() => void confirm()}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? (
          <>
            <p>{describe(deleting)} stops: no further month is scheduled.</p>
            <p>Monthly payments already scheduled stay, and can each be deleted while pending.</p>
          </>
        ) : null}
      </ActionDialog>
    </div>
  );
}
