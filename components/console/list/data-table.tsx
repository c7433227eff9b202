"use client";

import {
  rowSelectionFeature,
  tableFeatures,
  useTable,
  type CellData,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
  type TableFeatures,
} from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useMemo, useRef, type ComponentProps, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { ariaSortOf } from "@/lib/console/list/sort";
import { Table, TableContainer, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { SortHeader, type TableSort } from "./sort-header";
import { useRowKeys } from "./use-row-keys";

declare module "@tanstack/react-table" {
  // Class names of a column's cells and header (Td / Th of components/ui/table).
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the parameters must match the declaration merged into
  interface ColumnMeta<TFeatures extends TableFeatures, TData extends RowData, TValue extends CellData = CellData> {
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
}

/** The react-table features every console list table registers. */
export const listTableFeatures = tableFeatures({ rowSelectionFeature });

/**
 * A column of a list table: a @tanstack/react-table column definition. Give it an `id` (or a string
 * `header`), a `header`, a `cell` (`({ row }) => …`, `row.original` is the item) and optionally
 * `meta: { className, headerClassName }` for the Td / Th.
 */
export type ListColumn<T extends RowData> = ColumnDef<typeof listTableFeatures, T>;

/** Rows above this count are virtualised (only the rows in view are in the DOM). */
export const VIRTUALIZE_ABOVE = 100;
const ROW_ESTIMATE_PX = 57;

export interface RowSelection<T extends RowData> {
  /** Selected row ids (`getRowId`) → true. */
  selected: RowSelectionState;
  onChange: (selected: RowSelectionState) => void;
  /** The accessible name of a row's checkbox, e.g. `Select ${row.full_name}`. */
  rowLabel: (row: T) => string;
  /** The accessible name of the header checkbox (default "Select all rows on this page"). */
  allLabel?: string;
}

export interface DataTableProps<T extends RowData> {
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

/**
 * A list's table: react-table renders the column definitions; optional row selection; the body is
 * virtualised with @tanstack/react-virtual when the page has more rows than `virtualizeAbove`.
 */
export function DataTable<T extends RowData>({
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
  const allColumns = useMemo<ListColumn<T>[]>(() => {
    const shown = columns.filter((c) => !c.id || !hidden?.includes(c.id)).map((c) => (sort ? sortableColumn(c, sort) : c));
    return selection ? [selectColumn(selection), ...shown] : shown;
  }, [columns, selection, sort, hidden]);
  const data = useMemo(() => [...rows], [rows]);
  const table = useTable({
    features: listTableFeatures,
    columns: allColumns,
    data,
    getRowId: (row: T) => getRowId(row),
    enableRowSelection: Boolean(selection),
    state: { rowSelection: selection?.selected ?? {} },
    onRowSelectionChange: (updater) => {
      if (!selection) return;
      selection.onChange(typeof updater === "function" ? updater(selection.selected) : updater);
    },
  });
  const tableRows = table.getRowModel().rows;
  const virtual = tableRows.length > virtualizeAbove;
  const scrollRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRowKeys<HTMLTableSectionElement>(); // j / k / Enter (components/console/list/use-row-keys.ts)
  const virtualizer = useVirtualizer({
    count: virtual ? tableRows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: 10,
    initialRect: { width: 1024, height: 800 },
  });
  const items = virtual ? virtualizer.getVirtualItems() : [];
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtual && items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const shown = virtual ? items.map((v) => tableRows[v.index]!) : tableRows;
  const colSpan = allColumns.length;
  // The first column after the checkbox (the row's link) heads a phone's card; the others are labelled.
  const titleColumn = allColumns.find((c) => c.id !== "select");

  const body = (
    <Table
      aria-busy={busy || undefined}
      aria-rowcount={virtual ? tableRows.length + 1 : undefined}
      className={cn("transition-opacity", busy && "opacity-60", CARD.table)}
    >
      <caption className="sr-only">{caption}</caption>
      <THead className={cn(virtual && "sticky top-0 z-10", CARD.head)}>
        {table.getHeaderGroups().map((group) => (
          <Tr key={group.id} className={CARD.headRow}>
            {group.headers.map((header) => (
              <Th
                key={header.id}
                className={cn(header.column.columnDef.meta?.headerClassName, CARD.th)}
                aria-sort={header.column.columnDef.meta?.ariaSort}
              >
                {header.isPlaceholder ? null : <table.FlexRender header={header} />}
              </Th>
            ))}
          </Tr>
        ))}
      </THead>
      <TBody ref={bodyRef} data-row-keys="" className={CARD.body}>
        {padTop > 0 ? <Spacer height={padTop} colSpan={colSpan} /> : null}
        {shown.map((row, i) => {
          const props = rowProps?.(row.original);
          return (
            <Tr
              key={row.id}
              {...props}
              className={cn(props?.className, CARD.row)}
              data-state={row.getIsSelected() ? "selected" : undefined}
              aria-rowindex={virtual ? (items[i]?.index ?? 0) + 2 : undefined}
              ref={virtual ? virtualizer.measureElement : undefined}
              data-index={virtual ? items[i]?.index : undefined}
            >
              {row.getAllCells().map((cell) => (
                <Td
                  key={cell.id}
                  data-label={
                    cell.column.id === titleColumn?.id || cell.column.id === "select" ? undefined : cardLabel(cell.column.columnDef)
                  }
                  className={cn(
                    cell.column.columnDef.meta?.className,
                    CARD.td,
                    cell.column.id === "select" && CARD.select,
                    cell.column.id === titleColumn?.id && CARD.title,
                  )}
                >
                  {/* No box from 640 px up (the cell as before); on a phone the cell's parts stack beside the label. */}
                  <div className="contents max-sm:block max-sm:min-w-0">
                    <table.FlexRender cell={cell} />
                  </div>
                </Td>
              ))}
            </Tr>
          );
        })}
        {padBottom > 0 ? <Spacer height={padBottom} colSpan={colSpan} /> : null}
      </TBody>
    </Table>
  );

  return (
    <TableContainer label={label} className={className}>
      {virtual ? (
        <div ref={scrollRef} data-virtualized="" className="max-h-[70vh] overflow-y-auto">
          {body}
        </div>
      ) : (
        body
      )}
    </TableContainer>
  );
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
  table: "max-sm:block",
  head: "max-sm:block max-sm:[&:not(:has(input,button,a,select))]:sr-only",
  headRow: "max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-2",
  th: "max-sm:block max-sm:border-b-0 max-sm:[&:not(:has(input,button,a,select))]:sr-only",
  body: "max-sm:block",
  row: "max-sm:block max-sm:border-b max-sm:border-slate-200 max-sm:py-2 max-sm:dark:border-slate-800 max-sm:last:border-b-0",
  td: "max-sm:flex max-sm:min-w-0 max-sm:gap-3 max-sm:border-b-0 max-sm:px-4 max-sm:py-1 max-sm:text-left max-sm:whitespace-normal max-sm:break-words max-sm:data-[label]:before:w-28 max-sm:data-[label]:before:shrink-0 max-sm:data-[label]:before:pt-0.5 max-sm:data-[label]:before:text-xs max-sm:data-[label]:before:font-semibold max-sm:data-[label]:before:uppercase max-sm:data-[label]:before:tracking-wide max-sm:data-[label]:before:text-slate-600 max-sm:data-[label]:before:content-[attr(data-label)] max-sm:dark:data-[label]:before:text-slate-300",
  select: "max-sm:float-right max-sm:w-auto max-sm:pt-1.5",
  title: "max-sm:font-medium max-sm:text-base",
} as const;

function cardLabel<T extends RowData>(column: ListColumn<T>): string | undefined {
  if (column.meta?.label) return column.meta.label;
  return typeof column.header === "string" ? column.header : undefined;
}

function Spacer({ height, colSpan }: { height: number; colSpan: number }) {
  return (
    <tr aria-hidden="true">
      <td colSpan={colSpan} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

/** A column with a `meta.sortKey`: its header wrapped in a SortHeader, its aria-sort from the list's sort. */
function sortableColumn<T extends RowData>(column: ListColumn<T>, sort: TableSort): ListColumn<T> {
  const key = column.meta?.sortKey;
  if (!key) return column;
  const header = column.header;
  const ariaSort = sort.unavailable ? "none" : ariaSortOf(sort, key);
  return {
    ...column,
    meta: { ...column.meta, ariaSort, label: column.meta?.label ?? (typeof header === "string" ? header : undefined) },
    header: (ctx) => (
      <SortHeader column={key} sort={sort} align={column.meta?.align}>
        {typeof header === "function" ? header(ctx) : header}
      </SortHeader>
    ),
  } as ListColumn<T>;
}

function selectColumn<T extends RowData>(selection: RowSelection<T>): ListColumn<T> {
  return {
    id: "select",
    meta: { className: "w-10", headerClassName: "w-10" },
    header: ({ table }) => (
      <Checkbox
        label={selection.allLabel ?? "Select all rows on this page"}
        checked={table.getIsAllRowsSelected()}
        indeterminate={table.getIsSomeRowsSelected() && !table.getIsAllRowsSelected()}
        onChange={(checked) => table.toggleAllRowsSelected(checked)}
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        label={selection.rowLabel(row.original)}
        checked={row.getIsSelected()}
        onChange={(checked) => row.toggleSelected(checked)}
      />
    ),
  };
}

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
      className="size-4 rounded border-slate-300 text-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-slate-600"
    />
  );
}
