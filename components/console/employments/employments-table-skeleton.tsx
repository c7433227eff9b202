import { TableSkeleton } from "@/components/ui/table-skeleton";
import { EMPLOYMENT_CELL_COLUMNS } from "./employment-cells";

// Plain markup (no "use client"): the route's loading.tsx draws it without shipping the table's
// client code (docs/decisions/console-bundle-budgets.md).

const NAME = { header: "Name", bars: ["h-4 w-36", "mt-1.5 h-3 w-44"] };

/** The table's shape while the first page loads. */
export function EmploymentsTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <TableSkeleton label="Loading employments…" lead={[NAME]} columns={EMPLOYMENT_CELL_COLUMNS} rows={rows} cellClassName="h-4 w-20" />
  );
}
