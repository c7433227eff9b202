"use client";

import { useRouter } from "next/navigation";
import { useQueryStates } from "nuqs";
import { useCallback, useMemo, useTransition, type ReactNode } from "react";
import { EMPLOYMENT_CELL_COLUMN_DEFS } from "@/components/console/employments/employment-cells";
import { DataTable, ListShell, type ListColumn, type ListShellModel } from "@/components/console/list";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input, Select } from "@/components/ui/field";
import { STATUS_OPTIONS } from "@/lib/console/employments/labels";
import { pageRange } from "@/lib/console/list";
import { openCompanyHref } from "@/lib/console/partner/links";
import { partnerEmploymentsList, type PartnerListState } from "@/lib/console/partner/list";
import type { EmploymentListItem } from "@/lib/contract";

const list = partnerEmploymentsList;

/** A row of the list: an employment and the company it belongs to. */
export type PartnerEmploymentRow = EmploymentListItem & { company: { id: string; name: string } };

export interface PartnerEmploymentsPage {
  rows: PartnerEmploymentRow[];
  current_page: number;
  total_count: number;
  total_pages: number;
  /** Companies whose count is known, of the companies asked. */
  companiesRead: number;
  companiesAsked: number;
}

/**
 * The partner's employments across companies, on the console's list framework: URL state by
 * `partnerEmploymentsList`, rendered by ListShell + DataTable.
 *
 * The rows come from the server page, not from a BFF query: they are aggregated server-side across
 * companies (lib/console/server/partner/aggregate.ts, each company called with its own grant, every call
 * audited with the operator as actor), there is no BFF route for that aggregate, and a later issue
 * replaces it with a read model. So the URL is written by nuqs with `shallow: false`: a change of
 * filter, page or page size re-renders the server page with the new `searchParams` (no full GET
 * form, no reload), and the transition's pending flag is the list's busy state.
 *
 * The name links to /partner/open (a route handler that switches the company the console acts for,
 * then redirects): it is a plain link, never a RowLink, because prefetching it on hover would run
 * that GET, i.e. switch company as a side effect.
 */
export function PartnerEmploymentsList({
  page,
  companies,
  environmentLabel,
  aside,
}: {
  page: PartnerEmploymentsPage;
  /** The connected companies (the company filter's options). */
  companies: { id: string; name: string }[];
  environmentLabel: string;
  /** Notices of the server page (unknown company, partial results). */
  aside?: ReactNode;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [values, setValues] = useQueryStates(list.parsers, {
    urlKeys: list.urlKeys as never,
    history: "push",
    shallow: false,
    startTransition,
  });
  const state = values as PartnerListState;
  const change = useCallback(
    (patch: Partial<PartnerListState>) => void setValues((prev) => list.update(prev as PartnerListState, patch) as never),
    [setValues],
  );
  const clearFilters = useCallback(() => void setValues((prev) => ({ ...list.defaults, pageSize: prev.pageSize }) as never), [setValues]);

  const filtered = list.hasFilters(state);
  const data = { current_page: page.current_page, total_count: page.total_count, total_pages: page.total_pages };
  const model: ListShellModel<typeof data> = {
    state,
    pageSizes: list.pageSizes,
    data,
    busy: pending,
    error: null,
    errorFromServer: false,
    filtered,
    retry: () => router.refresh(),
    goToPage: (p) => change({ page: p }),
    setPageSize: (pageSize) => change({ pageSize }),
    pageHref: (p) => list.href({ ...state, page: p }),
    clearFilters,
  };
  const range = pageRange(page.current_page, state.pageSize, page.rows.length, page.total_count);
  const pastTheEnd = page.total_count > 0 && state.page > page.total_pages;
  const columns = useMemo(
    () =>
      [
        { id: "Company", header: "Company", meta: { className: "whitespace-nowrap" }, cell: ({ row }) => row.original.company.name },
        {
          id: "Name",
          header: "Name",
          meta: { className: "min-w-52" },
          cell: ({ row: { original: e } }) => (
            <>
              <a
                href={openCompanyHref(e.company.id, `/employments/${encodeURIComponent(e.id)}`)}
                className="font-medium text-slate-900 underline-offset-2 hover:underline dark:text-white"
              >
                {e.full_name}
              </a>
              <div className="text-xs text-slate-600 dark:text-slate-400">{e.personal_email}</div>
            </>
          ),
        },
        ...(EMPLOYMENT_CELL_COLUMN_DEFS as unknown as ListColumn<PartnerEmploymentRow>[]),
      ] satisfies ListColumn<PartnerEmploymentRow>[],
    [],
  );

  return (
    <ListShell
      model={model}
      items={page.rows}
      noun={["employment", "employments"]}
      environmentLabel={environmentLabel}
      columns={[]}
      emptyText={null}
      empty={
        pastTheEnd ? undefined : (
          <EmptyState title={filtered ? "No employment matches these filters" : "No employments yet"}>
            {filtered ? "Change or clear the filters." : "The connected companies have no employments."}
          </EmptyState>
        )
      }
      summary={
        <>
          {range ? `${range.from}–${range.to} of ${range.total}` : "None"} · {page.companiesRead} of {page.companiesAsked}{" "}
          {page.companiesAsked === 1 ? "company" : "companies"}
        </>
      }
      aside={aside}
      filters={
        <Card className="p-4">
          <form
            className="grid gap-4 md:grid-cols-[repeat(2,minmax(0,1fr))_auto] md:items-end"
            aria-label="Filters"
            onSubmit={(e) => {
              e.preventDefault();
              const form = new FormData(e.currentTarget);
              change({
                company: String(form.get("company") ?? ""),
                email: String(form.get("email") ?? "").trim(),
                statuses: form.getAll("status").map(String) as PartnerListState["statuses"],
              });
            }}
          >
            <div>
              <label htmlFor="filter-company" className="block text-sm font-medium">
                Company
              </label>
              <Select
                id="filter-company"
                name="company"
                className="mt-1"
                value={state.company}
                onChange={(e) => change({ company: e.target.value })}
              >
                <option value="">All companies</option>
                {companies.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Select>
            </div>
            <div>
              <label htmlFor="filter-email" className="block text-sm font-medium">
                Personal email
              </label>
              {/* Typed freely, applied with "Apply filters"; reset from the URL when it changes (Back, Clear). */}
              <Input id="filter-email" key={state.email} name="email" type="email" defaultValue={state.email} className="mt-1" />
            </div>
            <div className="flex gap-2">
              <Button type="submit" variant="primary">
                Apply filters
              </Button>
              {filtered ? (
                <Button type="button" variant="secondary" onClick={clearFilters}>
                  Clear
                </Button>
              ) : null}
            </div>
            <fieldset className="md:col-span-3">
              <legend className="text-sm font-medium">Status</legend>
              <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
                {STATUS_OPTIONS.map((o) => (
                  <label key={o.value} className="inline-flex items-center gap-1.5 text-sm">
                    <input
                      type="checkbox"
                      name="status"
                      value={o.value}
                      checked={state.statuses.includes(o.value)}
                      onChange={(e) =>
                        change({
                          statuses: e.target.checked ? [...state.statuses, o.value] : state.statuses.filter((s) => s !== o.value),
                        })
                      }
                    />
                    {o.label}
                  </label>
                ))}
              </div>
            </fieldset>
          </form>
        </Card>
      }
    >
      {(rows, { busy }) => (
        <DataTable
          label="Employments across companies"
          caption={`Employments across companies${range ? `, ${range.from} to ${range.to} of ${range.total}` : ""}`}
          rows={rows}
          columns={columns}
          getRowId={(e) => `${e.company.id}:${e.id}`}
          busy={busy}
        />
      )}
    </ListShell>
  );
}
