import type { ListColumn } from "@/components/console/list";
import { Td } from "@/components/ui/table";
import type { EmploymentListItem } from "@/lib/contract";
import { CountryLabel, LifecycleBadge, ModelBadge, StatusBadge, TypeBadge } from "./badges";

/** The columns of an employment row after its name (the company's list and the partner's list). */
export const EMPLOYMENT_CELL_COLUMNS = [
  "Job title and department",
  "Country",
  "Type and model",
  "Status",
  "Lifecycle",
  "External ID",
] as const;

function Muted({ children }: { children: string }) {
  return <span className="text-slate-600 dark:text-slate-400">{children}</span>;
}

/** An employment row's cells after its name, in the order of EMPLOYMENT_CELL_COLUMNS. */
export function EmploymentCells({ e }: { e: EmploymentListItem }) {
  return (
    <>
      <Td className="min-w-44">
        <div>{e.job_title ?? <Muted>No job title</Muted>}</div>
        <div className="text-xs text-slate-600 dark:text-slate-400">{e.department ?? "No department"}</div>
      </Td>
      <Td>
        <CountryLabel country={e.country} />
      </Td>
      <Td>
        <div className="flex flex-col items-start gap-1">
          <TypeBadge type={e.type} />
          <ModelBadge model={e.employment_model} />
        </div>
      </Td>
      <Td>
        <StatusBadge status={e.status} />
      </Td>
      <Td>
        <LifecycleBadge stage={e.employment_lifecycle_stage} />
      </Td>
      {/* The provider's list item (MinimalEmployment) has no start date: its external reference instead. */}
      <Td className="whitespace-nowrap font-mono text-xs">{e.external_id ?? <Muted>None</Muted>}</Td>
    </>
  );
}

/** The same cells as react-table columns (for DataTable), in the order of EMPLOYMENT_CELL_COLUMNS. */
export const EMPLOYMENT_CELL_COLUMN_DEFS: ListColumn<EmploymentListItem>[] = [
  {
    id: "Job title and department",
    header: "Job title and department",
    meta: { className: "min-w-44" },
    cell: ({ row: { original: e } }) => (
      <>
        <div>{e.job_title ?? <Muted>No job title</Muted>}</div>
        <div className="text-xs text-slate-600 dark:text-slate-400">{e.department ?? "No department"}</div>
      </>
    ),
  },
  { id: "Country", header: "Country", cell: ({ row }) => <CountryLabel country={row.original.country} /> },
  {
    id: "Type and model",
    header: "Type and model",
    cell: ({ row: { original: e } }) => (
      <div className="flex flex-col items-start gap-1">
        <TypeBadge type={e.type} />
        <ModelBadge model={e.employment_model} />
      </div>
    ),
  },
  { id: "Status", header: "Status", cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  { id: "Lifecycle", header: "Lifecycle", cell: ({ row }) => <LifecycleBadge stage={row.original.employment_lifecycle_stage} /> },
  {
    id: "External ID",
    header: "External ID",
    meta: { className: "whitespace-nowrap font-mono text-xs" },
    cell: ({ row }) => row.original.external_id ?? <Muted>None</Muted>,
  },
];
