"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import {
  EMPLOYMENT_CELL_COLUMN_DEFS,
  EMPLOYMENT_CELL_COLUMN_IDS,
  EMPLOYMENT_COLUMN_LABELS,
} from "@/components/console/employments/employment-cells";
import { DataTable, ExportButton, ListShell, useList, type ListColumn } from "@/components/console/list";
import { FreshnessLine } from "@/components/console/readmodel/freshness-line";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input, Select } from "@/components/ui/field";
import { STATUS_LABELS, STATUS_OPTIONS, TYPE_LABELS } from "@/lib/console/employments/labels";
import { pageRange } from "@/lib/console/list";
import { openCompanyHref } from "@/lib/console/partner/links";
import { partnerEmploymentsList, type PartnerListState } from "@/lib/console/partner/list";
import { READMODEL_POLL_MS, type ReadModelListSort } from "@/lib/console/readmodel/list";
import { EMPLOYMENT_TYPES, type EmploymentStatus, type Environment } from "@/lib/contract/enums";
import { partnerEmploymentsQuery, partnerFacetsQuery, type ReadModelEmploymentRow } from "@/lib/queries/readmodel";
import { withSortKeys } from "@/components/console/readmodel/sortable-columns";
import { SORT_LABELS } from "./sort-labels";

const list = partnerEmploymentsList;

/** A row of the list: an employment, the company it belongs to, its onboarding progress. */
export type PartnerEmploymentRow = ReadModelEmploymentRow;

/** The columns on screen, by id (the export's column ids; the hidden ones, `?hide=`, are left out by the export). */
const PARTNER_COLUMN_IDS = ["company", "name", ...EMPLOYMENT_CELL_COLUMN_IDS, "onboarding"];
/** Their headers (the loading skeleton). */
const PARTNER_COLUMNS = [
  "Company",
  "Name",
  "Job title and department",
  "Country",
  "Type and model",
  "Status",
  "Lifecycle",
  "External ID",
  "Onboarding",
] as const;

/** The filters that narrow the list (sort and order do not). */
const isFiltered = (s: PartnerListState) => s.statuses.length > 0 || s.types.length > 0 || !!s.country || !!s.company || !!s.q;

/**
 * The partner's employments across companies, served from the console's read model
 * (docs/decisions/console-readmodel-lists.md): every filter, a search across every page and company,
 * sort on every column, counts per company and status, and the page's freshness. The URL holds the
 * state (`partnerEmploymentsList`); the page polls its route every few seconds, so a change at the
 * API shows without a reload. Nothing here calls the provider's API.
 *
 * The name links to /partner/open (a route handler that switches the company the console acts for,
 * then redirects): a plain link, never a RowLink, because prefetching it on hover would run that
 * GET, i.e. switch company as a side effect.
 */
export function PartnerEmploymentsList({
  environment,
  companies,
  environmentLabel,
}: {
  environment: Environment;
  /** The connected companies (the company filter's options). */
  companies: { id: string; name: string }[];
  environmentLabel: string;
}) {
  const ids = { q: useId(), company: useId(), country: useId() };
  const model = useList(list, (q) => partnerEmploymentsQuery(environment, q));
  const { state, change } = model;
  const facets = useQuery(partnerFacetsQuery(environment));
  // The counts follow a completed sync at once (not only on their slower poll).
  const syncMark = model.data ? `${model.data.freshness.syncedAt}|${model.data.freshness.totals.fresh}` : "";
  const refetchFacets = facets.refetch;
  const lastMark = useRef(syncMark);
  useEffect(() => {
    if (syncMark === lastMark.current) return;
    lastMark.current = syncMark;
    void refetchFacets();
  }, [syncMark, refetchFacets]);
  const page = model.data;
  const filtered = isFiltered(state);

  // The search box holds what is typed; the URL what applies (written shortly after typing stops).
  const [qInput, setQInput] = useState(state.q);
  useEffect(() => setQInput(state.q), [state.q]);
  useEffect(() => {
    const handle = setTimeout(() => {
      if (qInput.trim() !== state.q) change({ q: qInput.trim() }, { history: "replace" });
    }, 300);
    return () => clearTimeout(handle);
  }, [qInput, state.q, change]);

  const rows = page?.employments ?? [];
  const range = page ? pageRange(page.current_page, state.pageSize, rows.length, page.total_count) : null;
  const pastTheEnd = !!page && page.total_count > 0 && state.page > page.total_pages;
  const columns = useMemo(() => withSortKeys(partnerColumns()), []);
  const sort = (state.sort || "full_name") as ReadModelListSort;
  const countries = facets.data?.countries ?? [];

  return (
    <div className="space-y-4">
      {facets.data ? <CountsByCompany counts={facets.data.counts} onPick={(patch) => change(patch)} /> : null}
      <ListShell
        model={{
          ...model,
          filtered,
          clearFilters: () => {
            setQInput("");
            model.clearFilters();
          },
        }}
        items={rows}
        noun={["employment", "employments"]}
        environmentLabel={environmentLabel}
        columns={PARTNER_COLUMNS}
        scope={{ environment, companyId: "partner" }}
        columnLabels={EMPLOYMENT_COLUMN_LABELS}
        toolbar={
          <ExportButton
            endpoint="/api/partner/employments/export"
            scope={{ environment, companyId: "partner" }}
            noun={["employment", "employments"]}
            columns={PARTNER_COLUMN_IDS}
          />
        }
        emptyText={null}
        empty={
          pastTheEnd ? undefined : (
            <EmptyState title={filtered ? "No employment matches these filters" : "No employments yet"}>
              {filtered ? "Change or clear the filters." : "The connected companies have no employments (or none is synced yet)."}
            </EmptyState>
          )
        }
        summary={
          page ? (
            <>
              {range
                ? `Showing ${range.from.toLocaleString("en-US")}–${range.to.toLocaleString("en-US")} of ${range.total.toLocaleString("en-US")}`
                : "None"}
              {filtered ? " matching these filters" : ""}, sorted by {SORT_LABELS[sort]} (
              {state.order === "desc" ? "descending" : "ascending"}).
            </>
          ) : null
        }
        aside={
          page ? (
            <>
              {page.unknownCompany ? (
                <Alert tone="warning" role="status" title="This company is not connected">
                  <p>The company in the link is not one of the connected companies of {environmentLabel}.</p>
                </Alert>
              ) : null}
              <FreshnessLine freshness={page.freshness} />
            </>
          ) : null
        }
        filters={
          <Card className="p-4">
            <div className="grid gap-4 md:grid-cols-3 md:items-end">
              <form role="search" aria-label="Search employments" className="md:col-span-3" onSubmit={(e) => e.preventDefault()}>
                <label htmlFor={ids.q} className="block text-sm font-medium">
                  Search every company
                </label>
                <Input
                  id={ids.q}
                  type="search"
                  className="mt-1"
                  value={qInput}
                  maxLength={200}
                  onChange={(e) => setQInput(e.target.value)}
                  placeholder="Name, e-mail, job title or external ID"
                  aria-describedby={`${ids.q}-hint`}
                />
                <p id={`${ids.q}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                  Searches every page of every connected company (part of a word is enough).
                </p>
              </form>
              <Field id={ids.company} label="Company">
                <Select id={ids.company} value={state.company} onChange={(e) => change({ company: e.target.value })}>
                  <option value="">All companies</option>
                  {companies.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field id={ids.country} label="Country">
                <Select id={ids.country} value={state.country} onChange={(e) => change({ country: e.target.value })}>
                  <option value="">All countries</option>
                  {state.country && !countries.some((c) => c.code === state.country) ? (
                    <option value={state.country}>{state.country}</option>
                  ) : null}
                  {countries.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name}
                    </option>
                  ))}
                </Select>
              </Field>
              <Checkboxes
                legend="Status"
                options={STATUS_OPTIONS}
                selected={state.statuses}
                onChange={(statuses) => change({ statuses: statuses as EmploymentStatus[] })}
              />
              <Checkboxes
                legend="Type"
                options={EMPLOYMENT_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
                selected={state.types}
                onChange={(types) => change({ types: types as PartnerListState["types"] })}
              />
              <div className="md:col-span-3">
                {filtered ? (
                  <Button
                    type="button"
                    variant="secondary"
                    onClick={() => {
                      setQInput("");
                      model.clearFilters();
                    }}
                  >
                    Clear filters
                  </Button>
                ) : null}
              </div>
            </div>
          </Card>
        }
      >
        {(shown, { busy }) => (
          <DataTable
            label="Employments across companies"
            caption={`Employments across companies${range ? `, ${range.from} to ${range.to} of ${range.total}` : ""}`}
            rows={shown}
            columns={columns}
            getRowId={(e) => `${e.company.id}:${e.id}`}
            busy={busy}
            {...model.table}
          />
        )}
      </ListShell>
    </div>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="mt-1">{children}</div>
    </div>
  );
}

function Checkboxes({
  legend,
  options,
  selected,
  onChange,
}: {
  legend: string;
  options: readonly { value: string; label: string }[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
}) {
  return (
    <fieldset className="md:col-span-3">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
        {options.map((o) => (
          <label key={o.value} className="inline-flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              value={o.value}
              checked={selected.includes(o.value)}
              onChange={(e) => onChange(e.target.checked ? [...selected, o.value] : selected.filter((s) => s !== o.value))}
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function partnerColumns(): ListColumn<PartnerEmploymentRow>[] {
  return [
    { id: "company", header: "Company", meta: { className: "whitespace-nowrap" }, cell: ({ row }) => row.original.company.name },
    {
      id: "name",
      header: "Name",
      meta: { className: "min-w-52" },
      cell: ({ row: { original: e } }) => (
        <>
          <a href={openCompanyHref(e.company.id, `/employments/${encodeURIComponent(e.id)}`)} className="list-row-link">
            {e.full_name}
          </a>
          <div className="text-xs text-slate-600 dark:text-slate-400">{e.personal_email}</div>
        </>
      ),
    },
    ...(EMPLOYMENT_CELL_COLUMN_DEFS as unknown as ListColumn<PartnerEmploymentRow>[]),
    {
      id: "onboarding",
      header: "Onboarding",
      meta: { className: "whitespace-nowrap tabular-nums" },
      cell: ({ row: { original: e } }) =>
        e.onboarding ? `${e.onboarding.completed} of ${e.onboarding.total}` : <span className="text-slate-600 dark:text-slate-400">—</span>,
    },
  ];
}

/** Employments per company and status (from the read model); a count filters the list to it. */
function CountsByCompany({
  counts,
  onPick,
}: {
  counts: {
    companies: { company: { id: string; name: string }; total: number; byStatus: Record<string, number> }[];
    byStatus: Record<string, number>;
    total: number;
  };
  onPick: (patch: Partial<PartnerListState>) => void;
}) {
  const statuses = STATUS_OPTIONS.filter((o) => counts.byStatus[o.value]);
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-3 text-sm dark:border-slate-800 dark:bg-slate-900">
      <summary className="cursor-pointer font-medium">
        Counts by company and status: {counts.total.toLocaleString("en-US")} employments in{" "}
        {counts.companies.length.toLocaleString("en-US")} {counts.companies.length === 1 ? "company" : "companies"}
      </summary>
      <div className="mt-2 max-h-96 overflow-auto">
        <table className="w-full text-left">
          <caption className="sr-only">Employments per company and status</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-3">
                Company
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                Total
              </th>
              {statuses.map((s) => (
                <th key={s.value} scope="col" className="py-1 pr-3 text-right">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {counts.companies.map((c) => (
              <tr key={c.company.id} className="border-t border-slate-100 dark:border-slate-800">
                <th scope="row" className="py-1 pr-3 font-normal">
                  <button
                    type="button"
                    className="underline-offset-2 hover:underline"
                    onClick={() => onPick({ company: c.company.id, statuses: [] })}
                  >
                    {c.company.name}
                  </button>
                </th>
                <td className="py-1 pr-3 text-right tabular-nums">{c.total}</td>
                {statuses.map((s) => (
                  <td key={s.value} className="py-1 pr-3 text-right tabular-nums">
                    {c.byStatus[s.value] ? (
                      <button
                        type="button"
                        className="underline-offset-2 hover:underline"
                        aria-label={`${c.byStatus[s.value]} ${STATUS_LABELS[s.value]} in ${c.company.name}`}
                        onClick={() => onPick({ company: c.company.id, statuses: [s.value] })}
                      >
                        {c.byStatus[s.value]}
                      </button>
                    ) : (
                      <span className="text-slate-400">0</span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Refreshed every {(READMODEL_POLL_MS * 5) / 1000} s.</p>
    </details>
  );
}
