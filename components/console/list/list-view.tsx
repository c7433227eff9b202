"use client";

import type { UseQueryOptions } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import type { ConsoleOperation } from "@/lib/console/errors/operations";
import type { EmploymentListItem } from "@/lib/contract";
import type { ListApiQuery, ListDefinition, ListState } from "@/lib/console/list";
import type { AnyFilter } from "@/lib/console/list/filters";
import { ListShell } from "./list-shell";
import { SelectFilters, useEmploymentFilterField, type SelectFilterField } from "./select-filters";
import { useList, type ListPageShape } from "./use-list";

type Filters = Record<string, AnyFilter>;

export interface EnumFilterSpec<F extends Filters> {
  /** The filter's name in the list definition. */
  name: keyof F & string;
  label: string;
  /** Labels of the API's values, in the order they are offered. */
  options: { value: string; label: string }[];
}

export interface ListViewProps<F extends Filters, P extends ListPageShape, T, K extends readonly unknown[]> {
  list: ListDefinition<F>;
  query: (q: ListApiQuery<F>) => UseQueryOptions<P, Error, P, K>;
  itemsOf: (page: P) => T[];
  noun: [string, string];
  operation: ConsoleOperation;
  /** The list's `filter.employment()` filter, by name (e.g. "employmentId"). */
  employmentFilter: keyof F & string;
  /** The company's employments (for the employment filter); undefined while unknown. */
  employments: readonly EmploymentListItem[] | undefined;
  /** The enum filters, as selects after the employment. */
  filters: EnumFilterSpec<F>[];
  environmentLabel: string;
  initialError?: ApiErrorPayload;
  emptyText: ReactNode;
  columns: readonly string[];
  /** Rendered between the filters and the table (e.g. the balance of the filtered employment). */
  aside?: (state: ListState<F>) => ReactNode;
  renderTable: (items: readonly T[], options: { busy: boolean; caption: string }) => ReactNode;
  /** Actions on the whole list beside the status line (an ExportButton). */
  toolbar?: ReactNode;
}

/**
 * A ready-made list filtered by an employment and enum selects (the people-ops lists): useList +
 * SelectFilters + ListShell. Lists with other filters compose those three themselves.
 */
export function ListView<F extends Filters, P extends ListPageShape, T, K extends readonly unknown[]>(props: ListViewProps<F, P, T, K>) {
  const { list, employmentFilter, filters, employments } = props;
  const model = useList(list, props.query, { initialError: props.initialError });
  const values = model.state as Record<string, unknown>;
  const employmentField = useEmploymentFilterField(employmentFilter, String(values[employmentFilter] ?? ""), employments);
  const fields: SelectFilterField[] = [
    employmentField,
    ...filters.map((f) => ({ name: f.name, label: f.label, options: f.options, value: String(values[f.name] ?? "") })),
  ];
  const items = model.data ? props.itemsOf(model.data) : [];
  return (
    <ListShell
      model={model}
      items={items}
      noun={props.noun}
      operation={props.operation}
      environmentLabel={props.environmentLabel}
      columns={props.columns}
      emptyText={props.emptyText}
      aside={props.aside?.(model.state)}
      toolbar={props.toolbar}
      filters={
        <SelectFilters
          fields={fields}
          filtered={model.filtered}
          onClear={model.clearFilters}
          onChange={(name, value) => model.change({ [name]: value } as Partial<ListState<F>>)}
        />
      }
    >
      {props.renderTable}
    </ListShell>
  );
}
