import type { ReactNode } from "react";
import { Skeleton } from "./skeleton";
import { TBody, THead, Table, Td, Th, Tr } from "./table";

/** A column drawn before the plain ones, with a placeholder of its own (a checkbox, a name and e-mail). */
export interface SkeletonLeadColumn {
  /** The header's text; none for a selection column. */
  header?: string;
  headerClassName?: string;
  cell: ReactNode;
}

/** Placeholder rows of a table while its data loads; screen readers hear only the label. */
export function TableSkeleton({
  columns,
  rows,
  label,
  cellClassName = "h-4 w-24",
  lead = [],
}: {
  columns: readonly string[];
  rows: number;
  label: string;
  cellClassName?: string;
  lead?: readonly SkeletonLeadColumn[];
}) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      <Table aria-hidden="true">
        <THead>
          <Tr>
            {lead.map((l, i) => (
              <Th key={`lead-${i}`} className={l.headerClassName}>
                {l.header}
              </Th>
            ))}
            {columns.map((c) => (
              <Th key={c}>{c}</Th>
            ))}
          </Tr>
        </THead>
        <TBody>
          {Array.from({ length: rows }, (_, i) => (
            <Tr key={i}>
              {lead.map((l, j) => (
                <Td key={`lead-${j}`}>{l.cell}</Td>
              ))}
              {columns.map((c) => (
                <Td key={c}>
                  <Skeleton className={cellClassName} />
                </Td>
              ))}
            </Tr>
          ))}
        </TBody>
      </Table>
    </div>
  );
}
