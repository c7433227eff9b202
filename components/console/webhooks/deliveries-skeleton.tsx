import { TableSkeleton } from "@/components/ui/table-skeleton";

// The deliveries table's skeleton, plain markup (no "use client"): the route's loading.tsx draws it
// without shipping the table's module, and with it a second copy of the list's code
// (docs/decisions/console-bundle-budgets.md).

/** The deliveries table's column titles (./deliveries-table.tsx draws the same). */
export const DELIVERY_COLUMNS = ["Event", "Status", "Attempts", "First triggered", "Last triggered", "Callback"] as const;

const SKELETON_LEAD = [
  { headerClassName: "w-10", bars: ["size-4"] },
  { header: DELIVERY_COLUMNS[0], bars: ["h-4 w-52"] },
];

export function DeliveriesTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <TableSkeleton
      label="Loading deliveries…"
      lead={SKELETON_LEAD}
      columns={DELIVERY_COLUMNS.slice(1)}
      rows={rows}
      cellClassName="h-4 w-20"
    />
  );
}
