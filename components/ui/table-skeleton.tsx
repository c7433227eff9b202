import { Skeleton } from "./skeleton";
import { TBody, THead, Table, Td, Th, Tr } from "./table";

/** Placeholder rows of a table while its data loads; screen readers hear only the label. */
export function TableSkeleton({
  columns,
  rows,
  label,
  cellClassName = "h-4 w-24",
}: {
  columns: readonly string[];
  rows: number;
  label: string;
  cellClassName?: string;
}) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      <Table aria-hidden="true">
        <THead>
          <Tr>
            {columns.map((c) => (
              <Th key={c}>{c}</Th>
            ))}
          </Tr>
        </THead>
        <TBody>
          {Array.from({ length: rows }, (_, i) => (
            <Tr key={i}>
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
