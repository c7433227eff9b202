"use client";

import { lazy, Suspense, useMemo, type ComponentProps, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { ariaSortOf } from "@/lib/console/list/sort";
import { Table, TableContainer, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { SortHeader, type TableSort } from "./sort-header";
import { useRowKeys } from "./use-row-keys";
import type { VirtualWindow } from "./virtual-rows";

// A list's table, rendered by the framework itself: the rows are the page the server sorted and
// filtered (at most 100), so the table only maps column definitions over them, with optional row
// selection, sortable headers and hidden columns. No table library in the browser (the JS budget of
// the list routes: docs/decisions/console-bundle-budgets.md); the virtualiser of pages above
// `VIRTUALIZE_ABOVE` rows (@tanstack/react-virtual) loads only when such a page is shown.

/** Class names and roles of a column's cells and header (Td / Th of components/ui/table). */
export interface ListColumnMeta {
  className?: string;
  headerClassName?: string;
  /** The header's aria-sort (a column the list is sorted by, or can be); set by DataTable for a `sortKey` column. */
  ariaSort?: "ascending" | "descending" | "none";
  /** The list's sort key of this column (its `defineList` `sort.keys`): the header becomes a SortHeader. */
  sortKey?: string;
  /** Where the header's text sits (a right-aligned number column puts the arrow on the left). */
  align?: "left" | "right";
  /** The label of the column's value on a phone's card row (default: the header when it is a string). */
  label?: string;
}

/** A row as a column's `cell` sees it: the item (`original`), its id (`getRowId`) and its index on the page. */
export interface ListRow<T> {
  original: T;
  id: string;
  index: number;
}

/**
 * A column of a list table. Give it an `id` (or a string `header`, which is then its id), a `header`
 * (text, an element, or a function returning one), a `cell` (`({ row }) => …`, `row.original` is the
 * item) and optionally `meta: { className, headerClassName, sortKey, align, label }`.
 */
export interface ListColumn<T> {
  id?: string;
  header?: ReactNode | (() => ReactNode);
  cell?: (context: { row: ListRow<T> }) => ReactNode;
  meta?: ListColumnMeta;
}

/** Selected row ids → true (the ids of `getRowId`). */
export type RowSelectionState = Record<string, boolean>;

/** Rows above this count are virtualised (only the rows in view are in the DOM). */
export const VIRTUALIZE_ABOVE = 100;

// The virtualiser (its own chunk): fetched the first time a page has more than `virtualizeAbove` rows.
const VirtualRows = lazy(() => import("./virtual-rows"));

export interface RowSelection<T> {
  /** Selected row ids (`getRowId`) → true. */
  selected: RowSelectionState;
  onChange: (selected: RowSelectionState) => void;
  /** The accessible name of a row's checkbox, e.g. `Select ${row.full_name}`. */
  rowLabel: (row: T) => string;
  /** The accessible name of the header checkbox (default "Select all rows on this page"). */
  allLabel?: string;
}

export interface DataTableProps<T> {
  /** The scrollable region's label ("Expenses"). */
  label: string;
  /** The table's caption (read by screen readers; ListShell gives "Expenses, page 2 of 5"). */
  caption: string;
  rows: readonly T[];
  columns: readonly ListColumn<T>[];
  getRowId: (row: T) => string;
  /** Refetching: the table is dimmed and `aria-busy`. */
  busy?: boolean;
  /** Checkboxes on each row and in the header; omit for a list without selection. */
  selection?: RowSelection<T>;
  /** Extra props of a row's <tr>: `data-*` attributes (tests find rows by them), a row click, a class. */
  rowProps?: (row: T) => Omit<ComponentProps<"tr">, "key" | "ref" | "children"> & Record<`data-${string}`, string>;
  /** The list's sort: columns with `meta.sortKey` get a SortHeader and `aria-sort` (useList's `table.sort`). */
  sort?: TableSort;
  /** Ids of the columns not shown (the list's `hide` state, useList's `table.hidden`). */
  hidden?: readonly string[];
  /** Virtualise the body when there are more rows than this (default VIRTUALIZE_ABOVE). */
  virtualizeAbove?: number;
  className?: string;
}

/** A column as the table draws it: its id, its header, its cell and its meta (the sort's aria-sort applied). */
interface DrawnColumn<T> {
  id: string;
  header: ReactNode;
  cell: (row: ListRow<T>) => ReactNode;
  meta: ListColumnMeta;
  /** The card row's label (a phone): none for the checkbox and for the first column (the card's title). */
  cardLabel: string | undefined;
}

const SELECT_ID = "select";

/**
 * A list's table: the column definitions over the page's rows; optional row selection; sortable
 * headers (`meta.sortKey` with `sort`) and hidden columns; the body virtualised when the page has
 * more rows than `virtualizeAbove`.
 */
export function DataTable<T>({
  label,
  caption,
  rows,
  columns,
  getRowId,
  busy = false,
  selection,
  rowProps,
  sort,
  hidden,
  virtualizeAbove = VIRTUALIZE_ABOVE,
  className,
}: DataTableProps<T>) {
  const tableRows = useMemo<ListRow<T>[]>(
    () => rows.map((original, index) => ({ original, id: getRowId(original), index })),
    [rows, getRowId],
  );
  const drawn = useMemo<DrawnColumn<T>[]>(() => {
    const shown = columns
      .map((c, i) => ({ c, id: columnId(c, i) }))
      .filter(({ c }) => !c.id || !hidden?.includes(c.id))
      .map(({ c, id }) => drawColumn(c, id, sort));
    // The first column after the checkbox (the row's link) heads a phone's card; the others are labelled.
    if (shown[0]) shown[0] = { ...shown[0], cardLabel: undefined };
    return selection ? [selectColumn(selection, tableRows), ...shown] : shown;
  }, [columns, hidden, sort, selection, tableRows]);
  const titleId = drawn.find((c) => c.id !== SELECT_ID)?.id;
  const bodyRef = useRowKeys<HTMLTableSectionElement>(); // j / k / Enter (components/console/list/use-row-keys.ts)
  const virtual = tableRows.length > virtualizeAbove;

  const table = (view?: VirtualWindow) => {
    const shown = view ? view.indexes.map((i) => tableRows[i]!) : tableRows;
    return (
      <Table
        aria-busy={busy || undefined}
        aria-rowcount={view ? tableRows.length + 1 : undefined}
        className={cn("transition-opacity", busy && "opacity-60", CARD.table)}
      >
        <caption className="sr-only">{caption}</caption>
        <THead className={cn(view && "sticky top-0 z-10", CARD.head)}>
          <Tr className={CARD.headRow}>
            {drawn.map((column) => (
              <Th key={column.id} className={cn(column.meta.headerClassName, CARD.th)} aria-sort={column.meta.ariaSort}>
                {column.header}
              </Th>
            ))}
          </Tr>
        </THead>
        <TBody ref={bodyRef} data-row-keys="" className={CARD.body}>
          {view && view.padTop > 0 ? <Spacer height={view.padTop} colSpan={drawn.length} /> : null}
          {shown.map((row) => {
            const props = rowProps?.(row.original);
            return (
              <Tr
                key={row.id}
                {...props}
                className={cn(props?.className, CARD.row)}
                data-state={selection?.selected[row.id] ? "selected" : undefined}
                aria-rowindex={view ? row.index + 2 : undefined}
                ref={view ? view.measureElement : undefined}
                data-index={view ? row.index : undefined}
              >
                {drawn.map((column) => (
                  <Td
                    key={column.id}
                    data-label={column.cardLabel}
                    className={cn(
                      column.meta.className,
                      CARD.td,
                      column.id === SELECT_ID && CARD.select,
                      column.id === titleId && CARD.title,
                    )}
                  >
                    {/* No box from 640 px up (the cell as before); on a phone the cell's parts stack beside the label. */}
                    <div className="list-card-value">{column.cell(row)}</div>
                  </Td>
                ))}
              </Tr>
            );
          })}
          {view && view.padBottom > 0 ? <Spacer height={view.padBottom} colSpan={drawn.length} /> : null}
        </TBody>
      </Table>
    );
  };

  return (
    <TableContainer label={label} className={className}>
      {virtual ? (
        // Until the virtualiser's chunk is in, every row is drawn (the same table, not virtualised).
        <Suspense fallback={table()}>
          <VirtualRows count={tableRows.length}>{table}</VirtualRows>
        </Suspense>
      ) : (
        table()
      )}
    </TableContainer>
  );
}

/** A column's id: its `id`, else its header when that is a string, else its position. */
function columnId<T>(column: ListColumn<T>, index: number): string {
  return column.id ?? (typeof column.header === "string" ? column.header : `column-${index}`);
}

/** A column as drawn: a `meta.sortKey` column (with a sort) gets a SortHeader and the list's aria-sort. */
function drawColumn<T>(column: ListColumn<T>, id: string, sort: TableSort | undefined): DrawnColumn<T> {
  const meta: ListColumnMeta = column.meta ?? {};
  const text = typeof column.header === "function" ? column.header() : column.header;
  const label = meta.label ?? (typeof column.header === "string" ? column.header : undefined);
  const cell = column.cell;
  const base = { id, cell: cell ? (row: ListRow<T>) => cell({ row }) : () => null, cardLabel: label };
  const key = meta.sortKey;
  if (!key || !sort) return { ...base, header: text, meta };
  return {
    ...base,
    meta: { ...meta, ariaSort: sort.unavailable ? "none" : ariaSortOf(sort, key) },
    header: (
      <SortHeader column={key} sort={sort} align={meta.align}>
        {text}
      </SortHeader>
    ),
  };
}

/** The checkbox column: one per row, and "select all" in the header (indeterminate when some are selected). */
function selectColumn<T>(selection: RowSelection<T>, rows: readonly ListRow<T>[]): DrawnColumn<T> {
  const { selected, onChange } = selection;
  const count = rows.filter((r) => selected[r.id]).length;
  const all = rows.length > 0 && count === rows.length;
  const setRows = (ids: string[], checked: boolean) => {
    const next = { ...selected };
    for (const id of ids) {
      if (checked) next[id] = true;
      else delete next[id];
    }
    onChange(next);
  };
  return {
    id: SELECT_ID,
    meta: { className: "w-10", headerClassName: "w-10" },
    cardLabel: undefined,
    header: (
      <Checkbox
        label={selection.allLabel ?? "Select all rows on this page"}
        checked={all}
        indeterminate={count > 0 && !all}
        onChange={(checked) =>
          setRows(
            rows.map((r) => r.id),
            checked,
          )
        }
      />
    ),
    cell: (row) => (
      <Checkbox
        label={selection.rowLabel(row.original)}
        checked={Boolean(selected[row.id])}
        onChange={(checked) => setRows([row.id], checked)}
      />
    ),
  };
}

/**
 * Under 640 px (Tailwind's `max-sm:`) the same table reflows into cards: each row a block, each cell a
 * "label: value" line (the label from the column header, drawn by `::before` from `data-label`), the
 * row's link first as the card's title, the checkbox at the card's top right. No second rendering:
 * one DOM for both widths (tests and row props find the same elements), the table's semantics unchanged
 * from 640 px up. Headers stay reachable on a phone only when they hold a control (select all, a sort
 * button); the others are visually hidden. docs/decisions/console-phone-layout.md
 */
const CARD = {
  table: "list-card-table",
  head: "list-card-head",
  headRow: "list-card-head-row",
  th: "list-card-th",
  body: "list-card-body",
  row: "list-card-row",
  td: "list-card-td",
  select: "list-card-select",
  title: "list-card-title",
} as const;

function Spacer({ height, colSpan }: { height: number; colSpan: number }) {
  return (
    <tr aria-hidden="true">
      <td colSpan={colSpan} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

/** A column with a `meta.sortKey`: its header wrapped in a SortHeader, its aria-sort from the list's sort. */
function Checkbox({
  label,
  checked,
  indeterminate = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
}): ReactNode {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      ref={(el) => {
        if (el) el.indeterminate = indeterminate;
      }}
      onChange={(e) => onChange(e.target.checked)}
      className="list-checkbox"
    />
  );
}
