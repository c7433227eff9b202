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
import { Table, TableContainer, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { useRowKeys } from "./use-row-keys";

declare module "@tanstack/react-table" {
  // Class names of a column's cells and header (Td / Th of components/ui/table).
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the parameters must match the declaration merged into
  interface ColumnMeta<TFeatures extends TableFeatures, TData extends RowData, TValue extends CellData = CellData> {
    className?: string;
    headerClassName?: string;
    /** The header's aria-sort (a column the list is sorted by, or can be). */
    ariaSort?: "ascending" | "descending" | "none";
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
  virtualizeAbove = VIRTUALIZE_ABOVE,
  className,
}: DataTableProps<T>) {
  const allColumns = useMemo<ListColumn<T>[]>(
    () => (selection ? [selectColumn(selection), ...columns] : [...columns]),
    [columns, selection],
  );
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

  const body = (
    <Table
      aria-busy={busy || undefined}
      aria-rowcount={virtual ? tableRows.length + 1 : undefined}
      className={cn("transition-opacity", busy && "opacity-60")}
    >
      <caption className="sr-only">{caption}</caption>
      <THead className={virtual ? "sticky top-0 z-10" : undefined}>
        {table.getHeaderGroups().map((group) => (
          <Tr key={group.id}>
            {group.headers.map((header) => (
              <Th
                key={header.id}
                className={header.column.columnDef.meta?.headerClassName}
                aria-sort={header.column.columnDef.meta?.ariaSort}
              >
                {header.isPlaceholder ? null : <table.FlexRender header={header} />}
              </Th>
            ))}
          </Tr>
        ))}
      </THead>
      <TBody ref={bodyRef} data-row-keys="">
        {padTop > 0 ? <Spacer height={padTop} colSpan={colSpan} /> : null}
        {shown.map((row, i) => (
          <Tr
            key={row.id}
            {...rowProps?.(row.original)}
            data-state={row.getIsSelected() ? "selected" : undefined}
            aria-rowindex={virtual ? (items[i]?.index ?? 0) + 2 : undefined}
            ref={virtual ? virtualizer.measureElement : undefined}
            data-index={virtual ? items[i]?.index : undefined}
          >
            {row.getAllCells().map((cell) => (
              <Td key={cell.id} className={cell.column.columnDef.meta?.className}>
                <table.FlexRender cell={cell} />
              </Td>
            ))}
          </Tr>
        ))}
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

function Spacer({ height, colSpan }: { height: number; colSpan: number }) {
  return (
    <tr aria-hidden="true">
      <td colSpan={colSpan} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
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
