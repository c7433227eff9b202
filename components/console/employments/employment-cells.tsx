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

/**
 * The ids of those columns (DataTable's column ids, the list's `?hide=` values and the CSV export's
 * column ids: lib/console/server/export/lists/employments.ts), in the order of EMPLOYMENT_CELL_COLUMNS.
 */
export const EMPLOYMENT_CELL_COLUMN_IDS = ["job_title", "country", "type", "status", "lifecycle", "external_id"] as const;

/** The columns control's names of the ids (the headers). */
export const EMPLOYMENT_COLUMN_LABELS: Record<string, string> = {
  name: "Name",
  company: "Company",
  job_title: "Job title and department",
  type: "Type and model",
  external_id: "External ID",
  onboarding: "Onboarding",
};

/** The same cells as list columns (for DataTable), in the order of EMPLOYMENT_CELL_COLUMNS. */
export const EMPLOYMENT_CELL_COLUMN_DEFS: ListColumn<EmploymentListItem>[] = [
  {
    id: "job_title",
    header: "Job title and department",
    meta: { className: "min-w-44" },
    cell: ({ row: { original: e } }) => (
      <>
        <div>{e.job_title ?? <Muted>No job title</Muted>}</div>
        <div className="text-xs text-slate-600 dark:text-slate-400">{e.department ?? "No department"}</div>
      </>
    ),
  },
  { id: "country", header: "Country", cell: ({ row }) => <CountryLabel country={row.original.country} /> },
  {
    id: "type",
    header: "Type and model",
    cell: ({ row: { original: e } }) => (
      <div className="flex flex-col items-start gap-1">
        <TypeBadge type={e.type} />
        <ModelBadge model={e.employment_model} />
      </div>
    ),
  },
  { id: "status", header: "Status", cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  { id: "lifecycle", header: "Lifecycle", cell: ({ row }) => <LifecycleBadge stage={row.original.employment_lifecycle_stage} /> },
  {
    id: "external_id",
    header: "External ID",
    meta: { className: "whitespace-nowrap font-mono text-xs" },
    cell: ({ row }) => row.original.external_id ?? <Muted>None</Muted>,
  },
];
