import { Skeleton } from "@/components/ui/skeleton";

// The loading states of a list (ListShell's and the routes' loading.tsx), plain markup without
// "use client": a loading.tsx wraps every route below its folder too, so importing a skeleton from a
// client module would ship that module (the table, the list's forms) to all of them
// (docs/decisions/console-bundle-budgets.md).

/** The loading table: the column headers and rows of skeleton cells. */
export function ListSkeleton({ columns, rows, label }: { columns: readonly string[]; rows: number; label: string }) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      <table aria-hidden="true" className="min-w-full text-left text-sm">
        <thead className="bg-slate-50 dark:bg-slate-800/60">
          <tr>
            {columns.map((c) => (
              <th
                key={c}
                className="whitespace-nowrap border-b border-slate-200 px-3 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-600 first:pl-4 dark:border-slate-700 dark:text-slate-300"
              >
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c} className="list-skeleton-td">
                  <Skeleton className="h-4 w-24" />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
