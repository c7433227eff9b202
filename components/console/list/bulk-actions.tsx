"use client";

import type { QueryKey } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from "react";
import type { ButtonVariant } from "@/components/ui/button";
import type { ConsoleOperation } from "@/lib/console/errors/operations";
import type { BulkAvailability, BulkOutcome } from "@/lib/console/list/bulk";
import type { RowSelection, RowSelectionState } from "./data-table";

// A list's bulk actions (docs/decisions/console-bulk-actions.md): a toolbar while rows are selected
// ("N selected", the actions, clear), a confirmation that says what will happen and to how many rows
// (and which rows are skipped, with the area rule's reason), then the per-row BFF operations through
// lib/console/list/bulk.ts (at most 4 at once), a per-row result list, and the list's query invalidated.
// The toolbar, the dialog and the results are ./bulk-actions-bar.tsx, loaded when a row is first
// selected (most visits select nothing): this module keeps the selection state and the types.

export interface BulkAction<T> {
  id: string;
  /** The toolbar button ("Approve"). */
  label: string;
  /** The dialog's title ("Approve expenses"). */
  title: string;
  /** What will happen to `count` rows: "2 expenses will be approved." */
  describe: (count: number) => string;
  /** The confirm button ("Approve 2"). */
  confirmLabel: (count: number) => string;
  pendingLabel: string;
  variant?: ButtonVariant;
  /** The area's rule: rows that do not allow the action are skipped with the reason. */
  check?: (row: T) => BulkAvailability;
  /** Asks for one reason, sent with every row (decline). */
  reason?: { label: string; description?: string };
  /** The per-row operation: an existing BFF client function of lib/queries/. */
  run: (row: T, reason: string) => Promise<unknown>;
}

export interface BulkActionsProps<T> {
  /** The rows on screen (the selection is kept to these). */
  rows: readonly T[];
  getRowId: (row: T) => string;
  /** How a row is named in the dialog and the results ("Taxi, Ana Silva"). */
  rowName: (row: T) => string;
  selected: RowSelectionState;
  onClear: () => void;
  actions: BulkAction<T>[];
  /** The operation errors are presented for ("expenses.write"). */
  operation: ConsoleOperation;
  /** Invalidated after a run (the list, and whatever else the rows feed). */
  invalidate: QueryKey;
  /**
   * Where the per-row results go. Omit to show them under the toolbar; a list filtered on the state the
   * action changes (pending expenses) passes them up and shows `BulkResult` outside the table, which
   * may be empty after the run.
   */
  onResult?: (result: BulkRunResult | null) => void;
}

/** Row selection state for a list page, reset when the rows on screen change to another set (page, filter). */
export function useBulkSelection<T>(rows: readonly T[], getRowId: (row: T) => string, rowLabel: (row: T) => string) {
  const pageKey = rows.map(getRowId).join(",");
  const [state, setState] = useState<{ key: string; rows: RowSelectionState }>({ key: pageKey, rows: {} });
  const selected = useMemo(() => (state.key === pageKey ? state.rows : {}), [state, pageKey]);
  const onChange = useCallback((next: RowSelectionState) => setState({ key: pageKey, rows: next }), [pageKey]);
  const clear = useCallback(() => setState({ key: pageKey, rows: {} }), [pageKey]);
  const selection = useMemo<RowSelection<T>>(() => ({ selected, onChange, rowLabel }), [selected, onChange, rowLabel]);
  return { selected, selection, clear };
}

export type BulkRunResult = { title: string; outcomes: BulkOutcome[]; names: Map<string, string>; operation: ConsoleOperation };

const loadBar = () => import("./bulk-actions-bar");
const Bar = lazy(() => loadBar().then((m) => ({ default: m.BulkActionsBar as (props: BulkActionsProps<unknown>) => ReactNode })));
const ResultView = lazy(() => loadBar().then((m) => ({ default: m.BulkResultView })));

/**
 * The bulk actions of a list page: nothing until a row is selected, then the toolbar ("N selected",
 * the actions, clear), its confirmation and the per-row results; kept once shown (the results
 * outlive the selection).
 */
export function BulkActions<T>(props: BulkActionsProps<T>) {
  const [shown, setShown] = useState(false);
  const { rows, getRowId, selected } = props;
  const any = rows.some((r) => selected[getRowId(r)]);
  if (any && !shown) setShown(true);
  if (!any && !shown) return null;
  return (
    <Suspense fallback={null}>
      <Bar {...(props as BulkActionsProps<unknown>)} />
    </Suspense>
  );
}

/** The per-row results of a bulk run: done, refused (with the API's message) or skipped (with the rule's reason). */
export function BulkResult({ result, onDismiss }: { result: BulkRunResult; onDismiss: () => void }) {
  return (
    <Suspense fallback={null}>
      <ResultView result={result} onDismiss={onDismiss} />
    </Suspense>
  );
}
