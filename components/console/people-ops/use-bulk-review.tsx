"use client";

import type { QueryKey } from "@tanstack/react-query";
import { useCallback, useState, type ReactNode } from "react";
import {
  BulkResult,
  useBulkSelection,
  type BulkAction,
  type BulkActionsProps,
  type BulkRunResult,
  type RowSelection,
} from "@/components/console/list";
import type { ConsoleOperation } from "@/lib/console/errors/operations";
import type { BulkAvailability } from "@/lib/console/list/bulk";

// The people-ops review lists (expenses, time off) select rows and approve or decline them in bulk
// with the same wiring: the row checkboxes of useBulkSelection, two actions that differ only in their
// noun, rule and BFF call, and the per-row results shown above the list (a list filtered on pending
// rows may be empty after the run). The framework parts are in components/console/list/bulk-actions.tsx.

export interface BulkReviewSpec<T> {
  /** The plural in the dialog titles: "Approve expenses", "Decline time off". */
  noun: string;
  /** A count of rows: "1 expense", "2 expenses". */
  count: (n: number) => string;
  approve: { check?: (row: T) => BulkAvailability; run: (row: T) => Promise<unknown> };
  decline: {
    check?: (row: T) => BulkAvailability;
    /** Under the reason field: who sees the reason. */
    reasonDescription: string;
    run: (row: T, reason: string) => Promise<unknown>;
  };
}

/** The approve and decline bulk actions of a review list. */
export function bulkReviewActions<T>({ noun, count, approve, decline }: BulkReviewSpec<T>): BulkAction<T>[] {
  return [
    {
      id: "approve",
      label: "Approve",
      title: `Approve ${noun}`,
      describe: (n) => `${count(n)} will be approved.`,
      confirmLabel: (n) => `Approve ${count(n)}`,
      pendingLabel: "Approving…",
      variant: "primary",
      check: approve.check,
      run: approve.run,
    },
    {
      id: "decline",
      label: "Decline",
      title: `Decline ${noun}`,
      describe: (n) => `${count(n)} will be declined with the reason below (the employee sees it).`,
      confirmLabel: (n) => `Decline ${count(n)}`,
      pendingLabel: "Declining…",
      variant: "danger",
      check: decline.check,
      reason: { label: "Reason for declining", description: decline.reasonDescription },
      run: decline.run,
    },
  ];
}

export interface BulkReviewOptions<T> extends BulkReviewSpec<T> {
  /** The rows on screen. */
  rows: readonly T[];
  getRowId: (row: T) => string;
  /** How a row is named in its checkbox label, the dialog and the results (keep it stable: useCallback). */
  rowName: (row: T) => string;
  /** The operation errors are presented for ("expenses.write"). */
  operation: ConsoleOperation;
  /** Invalidated after a run. */
  invalidate: QueryKey;
  /** Where the per-row results go (useBulkResultRegion's setter). */
  onResult: (result: BulkRunResult | null) => void;
}

/**
 * Row selection and bulk approve / decline of a review list: spread `bulkActions` into `<BulkActions>`
 * and pass `selection` to the list's table.
 */
export function useBulkReview<T>({ rows, getRowId, rowName, operation, invalidate, onResult, ...spec }: BulkReviewOptions<T>): {
  selection: RowSelection<T>;
  bulkActions: BulkActionsProps<T>;
} {
  const rowLabel = useCallback((row: T) => `Select ${rowName(row)}`, [rowName]);
  const { selected, selection, clear } = useBulkSelection(rows, getRowId, rowLabel);
  const bulkActions: BulkActionsProps<T> = {
    rows,
    getRowId,
    rowName,
    selected,
    onClear: clear,
    actions: bulkReviewActions(spec),
    operation,
    invalidate,
    onResult,
  };
  return { selection, bulkActions };
}

/**
 * The per-row results of the last bulk run, in a live region kept outside the table: render `region`
 * above the list and hand `onResult` to useBulkReview.
 */
export function useBulkResultRegion(): { region: ReactNode; onResult: (result: BulkRunResult | null) => void } {
  const [result, setResult] = useState<BulkRunResult | null>(null);
  const region = (
    <div aria-live="polite" className="empty:hidden">
      {result ? <BulkResult result={result} onDismiss={() => setResult(null)} /> : null}
    </div>
  );
  return { region, onResult: setResult };
}
