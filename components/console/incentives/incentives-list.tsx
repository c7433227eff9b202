"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { INCENTIVE_STATUSES } from "@/lib/contract/enums";
import type { Incentive } from "@/lib/contract";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { toErrorPayload } from "@/lib/console/errors/present";
import { formatDate } from "@/lib/console/format";
import { INCENTIVE_STATUS_LABELS, incentiveStatusLabel, incentiveTypeLabel } from "@/lib/console/incentives/labels";
import { incentivesList } from "@/lib/console/incentives/list";
import { unnamedEmployment } from "@/lib/console/people-ops/eligibility";
import { formatMinor } from "@/lib/console/people-ops/money";
import {
  deleteIncentive,
  incentiveKeys,
  incentiveListQuery,
  setSandboxIncentiveStatus,
  type IncentivePage,
} from "@/lib/queries/incentives";
import type { QueryScope } from "@/lib/queries/scope";
import { ActionDialog } from "../people-ops/action-dialog";
import { CreatedNotice, SavedToast } from "../people-ops/created-notice";
import { ErrorBanner } from "@/components/console/error-banner";
import { ExportButton } from "@/components/console/list";
import { ListView } from "@/components/console/list/list-view";
import { usePeopleOpsEmployments } from "../people-ops/use-employments";
import { INCENTIVE_COLUMNS } from "./incentive-columns";
import { IncentivesTable } from "./incentives-table";

const itemsOf = (p: IncentivePage) => p.incentives;

type Feedback =
  { kind: "done"; text: string } | { kind: "error"; error: ApiErrorPayload; operation: "incentives.write" | "incentives.sandbox" };

/**
 * One-time incentives: filters, edit and delete while pending (the rule is shown on each row; a 409
 * of the API, when the incentive moved on meanwhile, is shown as the API wrote it), and in the
 * sandbox the payroll simulation (pending → processing → paid).
 */
export function IncentivesList({
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
  const sandbox = scope.environment === "sandbox";
  const [deleting, setDeleting] = useState<Incentive | null>(null);
  const [deleteError, setDeleteError] = useState<ApiErrorPayload | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const invalidate = () => queryClient.invalidateQueries({ queryKey: incentiveKeys.all(scope) });

  const remove = useMutation({ mutationFn: (i: Incentive) => deleteIncentive(scope, i.id), onSettled: invalidate });
  const move = useMutation({
    mutationFn: ({ i, status }: { i: Incentive; status: "processing" | "paid" }) => setSandboxIncentiveStatus(scope, i.id, status),
    onSettled: invalidate,
  });

  const nameOf = (id: string) => names.get(id)?.full_name ?? unnamedEmployment(id);
  const describe = (i: Incentive) =>
    `${incentiveTypeLabel(i.type)} of ${nameOf(i.employment_id)} (${formatMinor(i.amount)}, ${formatDate(i.effective_date)})`;

  const onDelete = useCallback((i: Incentive) => {
    setDeleteError(null);
    setFeedback(null);
    setDeleting(i);
  }, []);

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await remove.mutateAsync(deleting);
      setFeedback({ kind: "done", text: `${describe(deleting)} was deleted.` });
      setDeleting(null);
    } catch (thrown) {
      const error = toErrorPayload(thrown);
      if (error.status === 401) return;
      // A 409 (payroll took it meanwhile) is the list's news too: close the dialog and show it there.
      if (error.kind === "conflict") {
        setDeleting(null);
        setFeedback({ kind: "error", error, operation: "incentives.write" });
      } else setDeleteError(error);
    }
  };

  const onSandboxStatus = async (i: Incentive, status: "processing" | "paid") => {
    setFeedback(null);
    try {
      const updated = await move.mutateAsync({ i, status });
      setFeedback({
        kind: "done",
        text: `${describe(updated)} is now ${incentiveStatusLabel(updated.status).toLowerCase()} (sandbox).`,
      });
    } catch (thrown) {
      const error = toErrorPayload(thrown);
      if (error.status !== 401) setFeedback({ kind: "error", error, operation: "incentives.sandbox" });
    }
  };

  return (
    <div className="space-y-4">
      <CreatedNotice title="Incentive created">
        <p>It is pending until payroll takes it; until then it can be edited or deleted.</p>
      </CreatedNotice>
      <SavedToast title="Incentive saved" />
      {feedback?.kind === "done" ? (
        <Alert tone="success" title="Done" role="status">
          <p>{feedback.text}</p>
        </Alert>
      ) : feedback?.kind === "error" ? (
        <ErrorBanner operation={feedback.operation} error={feedback.error} role="alert" />
      ) : null}
      <ListView
        scope={scope}
        operation="incentives.read"
        employmentFilter="employmentId"
        list={incentivesList}
        query={(q) => incentiveListQuery(scope, q)}
        itemsOf={itemsOf}
        noun={["incentive", "incentives"]}
        filters={[
          { name: "status", label: "Status", options: INCENTIVE_STATUSES.map((v) => ({ value: v, label: INCENTIVE_STATUS_LABELS[v] })) },
        ]}
        employments={employments}
        environmentLabel={environmentLabel}
        initialError={initialError}
        emptyText="Bonuses, allowances and commissions paid once appear here, as well as each month of a recurring incentive."
        columns={INCENTIVE_COLUMNS}
        toolbar={
          <ExportButton
            endpoint="/api/bff/incentives/export"
            scope={scope}
            noun={["incentive", "incentives"]}
            columns={INCENTIVE_COLUMNS}
            operation="incentives.read"
          />
        }
        renderTable={(items, { busy, caption, table }) => (
          <IncentivesTable
            items={items}
            names={names}
            busy={busy}
            caption={caption}
            table={table}
            actions={{
              onDelete,
              onSandboxStatus: sandbox ? (i, s) => void onSandboxStatus(i, s) : null,
              movingId: move.isPending ? (move.variables?.i.id ?? null) : null,
            }}
          />
        )}
      />
      {sandbox ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Sandbox: “Mark processing” and “Mark paid” do what payroll does on the provider (PUT /v1/sandbox/incentives/&#123;id&#125;), so
          the paid rules can be tried.
        </p>
      ) : null}
      <ActionDialog
        open={deleting !== null}
        title="Delete incentive"
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        confirmVariant="danger"
        pending={remove.isPending}
        feedback={deleteError ? <ErrorBanner operation="incentives.write" error={deleteError} role="alert" /> : null}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? <p>{describe(deleting)} will be deleted. It won&apos;t be paid.</p> : null}
      </ActionDialog>
    </div>
  );
}
