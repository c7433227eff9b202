"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useCallback, useMemo, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import { Table, TableContainer, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { ErrorBanner } from "@/components/console/error-banner";
import { ListFooter, rangeText } from "@/components/console/payslips/list-footer";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { customFieldCurrency, customFieldOptions, type CustomField } from "@/lib/contract";
import { CUSTOM_FIELD_ACCESS_LABELS, CUSTOM_FIELD_TYPE_LABELS, CUSTOM_FIELD_TYPE_TONES } from "@/lib/console/custom-fields/labels";
import {
  customFieldStateHref,
  NEW_CUSTOM_FIELD_PATH,
  parseCustomFieldState,
  toCustomFieldApiQuery,
  type CustomFieldListState,
} from "@/lib/console/custom-fields/url-state";
import { toErrorPayload } from "@/lib/console/errors/present";
import { customFieldListQuery } from "@/lib/queries/custom-fields";
import type { QueryScope } from "@/lib/queries/scope";

const COLUMNS = ["Name", "Type", "Options", "ID"] as const;

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
  const searchParams = useSearchParams();
  const state = useMemo(() => parseCustomFieldState(searchParams), [searchParams]);
  const apiQuery = useMemo(() => toCustomFieldApiQuery(state), [state]);
  const [serverError, setServerError] = useState<ApiErrorPayload | null>(initialError ?? null);
  const query = useQuery({ ...customFieldListQuery(scope, apiQuery), placeholderData: keepPreviousData, enabled: serverError === null });
  const change = useCallback(
    (patch: Partial<CustomFieldListState>) => {
      setServerError(null);
      const next = { ...state, ...patch, ...("pageSize" in patch ? { page: 1 } : {}) };
      window.history.pushState(null, "", customFieldStateHref(next));
    },
    [state],
  );
  const data = query.data;
  const busy = query.isFetching && query.isPlaceholderData;
  const error = serverError ?? (query.isError ? toErrorPayload(query.error) : null);

  return (
    <div className="space-y-4">
      <p role="status" aria-live="polite" className="min-h-6 text-sm text-slate-700 dark:text-slate-300">
        {busy
          ? "Loading custom fields…"
          : data
            ? rangeText(state.page, state.pageSize, data.custom_fields.length, data.total_count, ["custom field", "custom fields"])
            : ""}
      </p>
      {error ? (
        <ErrorBanner
          error={error}
          operation="custom-fields.read"
          role={serverError ? undefined : "alert"}
          actions={
            <Button variant="secondary" size="sm" onClick={() => (serverError ? setServerError(null) : void query.refetch())}>
              Try again
            </Button>
          }
        />
      ) : null}
      <Card className="overflow-hidden">
        {!data ? (
          error ? (
            <EmptyState title="The custom fields could not be loaded">The error above says why.</EmptyState>
          ) : (
            <CustomFieldsTableSkeleton />
          )
        ) : data.custom_fields.length > 0 ? (
          <CustomFieldsTable
            items={data.custom_fields}
            busy={busy}
            caption={`Custom fields, page ${data.current_page} of ${Math.max(1, data.total_pages)}`}
          />
        ) : data.total_count > 0 ? (
          <EmptyState
            title={`Page ${state.page} is past the end`}
            actions={
              <Button variant="secondary" onClick={() => change({ page: 1 })}>
                First page
              </Button>
            }
          />
        ) : (
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
        )}
      </Card>
      {data ? (
        <ListFooter
          page={state.page}
          pageSize={state.pageSize}
          totalPages={data.total_pages}
          hrefFor={(page) => customFieldStateHref({ ...state, page })}
          onPage={(page) => change({ page })}
          onPageSize={(pageSize) => change({ pageSize })}
        />
      ) : null}
    </div>
  );
}

function CustomFieldsTable({ items, busy, caption }: { items: CustomField[]; busy?: boolean; caption: string }) {
  return (
    <TableContainer label="Custom fields">
      <Table aria-busy={busy || undefined} className={cn("transition-opacity", busy && "opacity-60")}>
        <caption className="sr-only">{caption}</caption>
        <THead>
          <Tr>
            {COLUMNS.map((c) => (
              <Th key={c}>{c}</Th>
            ))}
          </Tr>
        </THead>
        <TBody>
          {items.map((f) => (
            <Tr key={f.id}>
              <Td className="min-w-56">
                <div className="font-medium text-slate-900 dark:text-white">{f.name}</div>
                <div className="text-xs text-slate-600 dark:text-slate-400">
                  {f.required ? "Required · " : ""}Entered by {CUSTOM_FIELD_ACCESS_LABELS[f.data_entry_access].toLowerCase()}, seen by{" "}
                  {CUSTOM_FIELD_ACCESS_LABELS[f.visibility_scope].toLowerCase()}
                </div>
              </Td>
              <Td>
                <Badge tone={CUSTOM_FIELD_TYPE_TONES[f.type]}>{CUSTOM_FIELD_TYPE_LABELS[f.type]}</Badge>
                <div className="mt-1 font-mono text-xs text-slate-600 dark:text-slate-400">{f.type}</div>
              </Td>
              <Td className="min-w-48">
                {customFieldOptions(f)?.length ? (
                  <ul className="flex flex-wrap gap-1" aria-label={`Options of ${f.name}`}>
                    {customFieldOptions(f)!.map((o) => (
                      <li
                        key={o}
                        className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200"
                      >
                        {o}
                      </li>
                    ))}
                  </ul>
                ) : customFieldCurrency(f) ? (
                  <span className="font-mono text-xs">{customFieldCurrency(f)}</span>
                ) : (
                  <span className="text-slate-600 dark:text-slate-400">—</span>
                )}
              </Td>
              <Td>
                <code className="select-all whitespace-nowrap font-mono text-xs text-slate-700 dark:text-slate-300">{f.id}</code>
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </TableContainer>
  );
}

export function CustomFieldsTableSkeleton({ rows = 6 }: { rows?: number }) {
  return <TableSkeleton columns={COLUMNS} rows={rows} label="Loading custom fields…" cellClassName="h-4 w-24" />;
}
