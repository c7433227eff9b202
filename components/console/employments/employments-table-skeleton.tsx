import { Skeleton } from "@/components/ui/skeleton";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { EMPLOYMENT_CELL_COLUMNS } from "./employment-cells";

// Plain markup (no "use client"): the route's loading.tsx draws it without shipping the table's
// client code (docs/decisions/console-bundle-budgets.md).

const COLUMNS = ["Name", ...EMPLOYMENT_CELL_COLUMNS] as const;

/** The table's shape while the first page loads. */
export function EmploymentsTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading employments…
      </p>
      <Table aria-hidden="true">
        <THead>
          <Tr>
            {COLUMNS.map((c) => (
              <Th key={c}>{c}</Th>
            ))}
          </Tr>
        </THead>
        <TBody>
          {Array.from({ length: rows }, (_, i) => (
            <Tr key={i}>
              <Td>
                <Skeleton className="h-4 w-36" />
                <Skeleton className="mt-1.5 h-3 w-44" />
              </Td>
              {COLUMNS.slice(1).map((c) => (
                <Td key={c}>
                  <Skeleton className="h-4 w-20" />
                </Td>
              ))}
            </Tr>
          ))}
        </TBody>
      </Table>
    </div>
  );
}
