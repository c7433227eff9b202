"use client";

import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ExportButton, DataTable, ListShell, useList, type ListColumn } from "@/components/console/list";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import type { CustomField } from "@/lib/contract";
import { customFieldCurrency, customFieldOptions } from "@/lib/contract/helpers";
import { CUSTOM_FIELD_ACCESS_LABELS, CUSTOM_FIELD_TYPE_LABELS, CUSTOM_FIELD_TYPE_TONES } from "@/lib/console/custom-fields/labels";
import { customFieldsList } from "@/lib/console/custom-fields/list";
import { NEW_CUSTOM_FIELD_PATH } from "@/lib/console/custom-fields/links";
import { customFieldListQuery } from "@/lib/queries/custom-fields";
import type { QueryScope } from "@/lib/queries/scope";
import { CUSTOM_FIELD_COLUMNS } from "./custom-field-columns";

export { CUSTOM_FIELD_COLUMNS };

/** The company's custom field definitions (oldest first, as the API lists them); page in the URL. */
export function CustomFieldsList({
  scope,
  environmentLabel,
  initialError,
}: {
  scope: QueryScope;
  environmentLabel: string;
  initialError?: ApiErrorPayload;
}) {
  const model = useList(customFieldsList, (q) => customFieldListQuery(scope, q), { initialError });
  const data = model.data;
  return (
    <ListShell
      scope={scope}
      model={model}
      items={data?.custom_fields ?? []}
      noun={["custom field", "custom fields"]}
      operation="custom-fields.read"
      environmentLabel={environmentLabel}
      columns={CUSTOM_FIELD_COLUMNS}
      toolbar={
        <ExportButton
          endpoint="/api/bff/custom-fields/export"
          scope={scope}
          noun={["custom field", "custom fields"]}
          columns={CUSTOM_FIELD_COLUMNS}
          operation="custom-fields.read"
        />
      }
      emptyText=""
      // Nothing defined yet: the way to define the first one (a past-the-end page keeps the shell's state).
      empty={
        data && data.total_count === 0 ? (
          <EmptyState
            title={`No custom fields in ${environmentLabel} yet`}
            actions={
              <ButtonLink href={NEW_CUSTOM_FIELD_PATH} variant="primary">
                New custom field
              </ButtonLink>
            }
          >
            Custom fields hold the company&apos;s own data about each employment: a cost center, a desk number, a link to another system.
          </EmptyState>
        ) : undefined
      }
    >
      {(items, { busy, caption }) => (
        <DataTable
          {...model.table}
          label="Custom fields"
          caption={caption}
          rows={items}
          columns={COLUMNS}
          getRowId={(f) => f.id}
          busy={busy}
        />
      )}
    </ListShell>
  );
}

const COLUMNS: ListColumn<CustomField>[] = [
  {
    id: "name",
    header: "Name",
    meta: { sortKey: "name", className: "min-w-56" },
    cell: ({ row: { original: f } }) => (
      <>
        <div className="font-medium text-slate-900 dark:text-white">{f.name}</div>
        <div className="text-xs text-slate-600 dark:text-slate-400">
          {f.required ? "Required · " : ""}Entered by {CUSTOM_FIELD_ACCESS_LABELS[f.data_entry_access].toLowerCase()}, seen by{" "}
          {CUSTOM_FIELD_ACCESS_LABELS[f.visibility_scope].toLowerCase()}
        </div>
      </>
    ),
  },
  {
    id: "type",
    header: "Type",
    meta: { sortKey: "type" },
    cell: ({ row: { original: f } }) => (
      <>
        <Badge tone={CUSTOM_FIELD_TYPE_TONES[f.type]}>{CUSTOM_FIELD_TYPE_LABELS[f.type]}</Badge>
        <div className="mt-1 font-mono text-xs text-slate-600 dark:text-slate-400">{f.type}</div>
      </>
    ),
  },
  {
    id: "options",
    header: "Options",
    meta: { sortKey: "options", className: "min-w-48" },
    cell: ({ row: { original: f } }) =>
      customFieldOptions(f)?.length ? (
        <ul className="flex flex-wrap gap-1" aria-label={`Options of ${f.name}`}>
          {customFieldOptions(f)!.map((o) => (
            <li key={o} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">
              {o}
            </li>
          ))}
        </ul>
      ) : customFieldCurrency(f) ? (
        <span className="font-mono text-xs">{customFieldCurrency(f)}</span>
      ) : (
        <span className="text-slate-600 dark:text-slate-400">—</span>
      ),
  },
  {
    id: "id",
    header: "ID",
    meta: { sortKey: "id" },
    cell: ({ row: { original: f } }) => (
      <code className="select-all whitespace-nowrap font-mono text-xs text-slate-700 dark:text-slate-300">{f.id}</code>
    ),
  },
];
