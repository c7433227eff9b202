"use client";

import { useMemo, useState } from "react";
import { useQueryClientOrShared } from "@/components/console/query-provider";
import { ActionDialog } from "@/components/console/people-ops/action-dialog";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { ConsoleOperation } from "@/lib/console/errors/operations";
import { presentApiError } from "@/lib/console/errors/present";
import { bulkSummary, partitionBulk, runBulk, type BulkOutcome } from "@/lib/console/list/bulk";
import type { BulkAction, BulkActionsProps, BulkRunResult } from "./bulk-actions";

// The bulk actions' toolbar, confirmation and results (components/console/list/bulk-actions.tsx
// loads this chunk when the first row of a page is selected). docs/decisions/console-bulk-actions.md

export function BulkActionsBar<T>({
  rows,
  getRowId,
  rowName,
  selected,
  onClear,
  actions,
  operation,
  invalidate,
  onResult,
}: BulkActionsProps<T>) {
  // The tab's client where the route has no provider (/employments): its cached employments go stale too.
  const queryClient = useQueryClientOrShared();
  const chosen = useMemo(() => rows.filter((r) => selected[getRowId(r)]), [rows, selected, getRowId]);
  const [open, setOpen] = useState<BulkAction<T> | null>(null);
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState(0);
  const [ownResult, setOwnResult] = useState<BulkRunResult | null>(null);
  const result = onResult ? null : ownResult;
  const setResult = onResult ?? setOwnResult;
  const plan = useMemo(() => (open ? partitionBulk(chosen, open.check) : null), [open, chosen]);

  const confirm = async (reason: string) => {
    if (!open) return;
    const action = open;
    const names = new Map(chosen.map((r) => [getRowId(r), rowName(r)]));
    setRunning(true);
    setProgress(0);
    const outcomes = await runBulk({
      rows: chosen,
      getRowId,
      check: action.check,
      run: (row) => action.run(row, reason),
      onOutcome: () => setProgress((n) => n + 1),
    });
    setRunning(false);
    setOpen(null);
    setResult({ title: action.title, outcomes, names, operation });
    onClear();
    await queryClient.invalidateQueries({ queryKey: invalidate });
  };

  return (
    <div className="space-y-3 empty:hidden">
      {chosen.length > 0 ? (
        <div
          role="toolbar"
          aria-label="Bulk actions"
          className="flex flex-wrap items-center gap-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 dark:border-brand-800 dark:bg-brand-950/40"
        >
          <span className="text-sm font-medium text-slate-900 dark:text-slate-100" aria-live="polite">
            {chosen.length} selected
          </span>
          {actions.map((a) => (
            <Button
              key={a.id}
              size="sm"
              variant={a.variant ?? "secondary"}
              onClick={() => {
                setResult(null);
                setOpen(a);
              }}
            >
              {a.label}…
            </Button>
          ))}
          <Button size="sm" variant="ghost" onClick={onClear}>
            Clear selection
          </Button>
        </div>
      ) : null}
      <div aria-live="polite" className="empty:hidden">
        {result ? <BulkResultView result={result} onDismiss={() => setResult(null)} /> : null}
      </div>
      <ActionDialog
        open={open !== null}
        title={open?.title ?? ""}
        confirmLabel={open && plan ? open.confirmLabel(plan.eligible.length) : ""}
        pendingLabel={open ? `${open.pendingLabel} ${progress} of ${chosen.length}` : ""}
        confirmVariant={open?.variant === "danger" ? "danger" : "primary"}
        reason={open?.reason}
        pending={running}
        onConfirm={(reason) => {
          void confirm(reason);
        }}
        onCancel={() => setOpen(null)}
      >
        {open && plan ? (
          <div className="space-y-2">
            <p>
              {plan.eligible.length > 0 ? open.describe(plan.eligible.length) : "None of the selected rows allows this."} Each is sent to
              the API on its own; a refusal does not stop the others.
            </p>
            {plan.skipped.length > 0 ? (
              <>
                <p>
                  {plan.skipped.length} of {chosen.length} selected will be skipped:
                </p>
                <ul className="list-disc space-y-1 pl-5">
                  {plan.skipped.map((s) => (
                    <li key={getRowId(s.row)}>
                      <span className="font-medium">{rowName(s.row)}</span>: {s.reason}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        ) : null}
      </ActionDialog>
    </div>
  );
}

const RESULT_LABEL: Record<BulkOutcome["result"], string> = { done: "Done", refused: "Refused", skipped: "Skipped" };

/** The per-row results of a bulk run: done, refused (with the API's message) or skipped (with the rule's reason). */
export function BulkResultView({ result, onDismiss }: { result: BulkRunResult; onDismiss: () => void }) {
  const { operation } = result;
  const failed = result.outcomes.some((o) => o.result !== "done");
  return (
    <Alert
      tone={result.outcomes.some((o) => o.result === "refused") ? "warning" : failed ? "info" : "success"}
      title={`${result.title}: ${bulkSummary(result.outcomes)}`}
      role="status"
      actions={
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Dismiss
        </Button>
      }
    >
      <ul aria-label="Results per row" className="space-y-1">
        {result.outcomes.map((o) => (
          <li key={o.id} data-bulk-result={o.result}>
            <span className="font-medium">{result.names.get(o.id) ?? o.id}</span>: {RESULT_LABEL[o.result]}
            {o.result === "refused" ? <RefusalText outcome={o} operation={operation} /> : null}
            {o.result === "skipped" ? ` (${o.reason})` : null}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

function RefusalText({ outcome, operation }: { outcome: Extract<BulkOutcome, { result: "refused" }>; operation: ConsoleOperation }) {
  const p = presentApiError(outcome.error, operation);
  return (
    <>
      {" "}
      ({p.title}: {p.message}
      {p.requestId ? <span className="text-xs opacity-80"> · request {p.requestId}</span> : null})
    </>
  );
}
