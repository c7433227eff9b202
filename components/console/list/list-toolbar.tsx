"use client";

import { lazy, useCallback, useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { DeferredPopover } from "@/components/ui/deferred-popover";
import { PopoverChevron } from "@/components/ui/popover-chevron";
import type { AnyFilter, ListDefinition } from "@/lib/console/list";
import { viewHrefOf } from "@/lib/console/views/href";
import { readSavedViews, savedViewsKey } from "@/lib/queries/views";
import type { QueryScope } from "@/lib/queries/scope";
import { useBffData } from "./use-bff-data";

// The list's toolbar: which columns are shown (the `hide` state in the URL) and the saved views
// (app/api/bff/views). docs/decisions/console-sort-and-saved-views.md

type AnyList = ListDefinition<Record<string, AnyFilter>>;

/** What the toolbar needs of a live list (useList / useServerList give it as `model.views`). */
export interface ListViewsModel {
  list: AnyList;
  /** The list's current URL (`list.href(state)`). */
  href: string;
  hidden: readonly string[];
  setHidden: (hidden: string[]) => void;
  /** Opens a saved view: its URL's state becomes the list's (a history entry, like any change). */
  apply: (href: string) => void;
}

const LABELS: Record<string, string> = {
  id: "ID",
  pdf: "PDF",
  net_converted: "Net, company currency",
  net_pay: "Net pay",
  request_id: "Request id",
  first_triggered: "First triggered",
  last_triggered: "Last triggered",
  issued_at: "Issued",
  due_date: "Due date",
};
/** A column's name in the toolbar: its id in words (`termination_date` → "Termination date"). */
export const columnLabel = (id: string, labels: Record<string, string> = {}) =>
  labels[id] ?? LABELS[id] ?? `${id[0]!.toUpperCase()}${id.slice(1).replace(/_/g, " ")}`;

export function ListToolbar({
  views,
  scope,
  columnLabels,
}: {
  views: ListViewsModel;
  /** The query scope: given for a list that keeps saved views (lib/console/views/lists.ts); without it only the columns control is shown. */
  scope?: QueryScope;
  columnLabels?: Record<string, string>;
}) {
  const savable = Boolean(scope);
  if (views.list.columns.length === 0 && !savable) return null;
  return (
    <div className="flex flex-wrap items-center justify-end gap-2" data-list-toolbar="">
      {views.list.columns.length > 0 ? <ColumnsControl views={views} labels={columnLabels} /> : null}
      {scope ? <SavedViewsMenu views={views} scope={scope} /> : null}
    </div>
  );
}

// The saved views panel (save, apply, copy, delete) is its own chunk, fetched when the menu is approached.
const loadSavedViewsPanel = () => import("./saved-views-panel");
const SavedViewsPanel = lazy(loadSavedViewsPanel);

const TRIGGER = buttonClasses({ variant: "secondary", size: "sm" });

function ColumnsControl({ views, labels }: { views: ListViewsModel; labels?: Record<string, string> }) {
  const { list } = views;
  // The boxes answer the press at once: the URL's state (what the table shows) follows when the router
  // has taken the new URL, which a busy tab may commit a moment later (a controlled box would spring back).
  const urlHidden = views.hidden.join(",");
  const [pending, setPending] = useState<{ from: string; hidden: string[] } | null>(null);
  // Once the URL has moved on, the URL decides again (React's state adjustment during render).
  if (pending && pending.from !== urlHidden) setPending(null);
  const hidden = pending && pending.from === urlHidden ? pending.hidden : views.hidden;
  const setHidden = (next: string[]) => {
    setPending({ from: urlHidden, hidden: next });
    views.setHidden(next);
  };
  const shown = list.columns.length - hidden.length;
  return (
    <DeferredPopover
      label="Columns"
      className="w-64 p-3"
      trigger={
        <button type="button" className={TRIGGER}>
          Columns{hidden.length > 0 ? ` (${shown} of ${list.columns.length} shown)` : ""}
          <PopoverChevron />
        </button>
      }
    >
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Shown columns</legend>
        <ul className="space-y-1.5">
          {list.columns.map((id) => (
            <li key={id}>
              <label className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                <input
                  type="checkbox"
                  className="size-4 rounded border-slate-300 text-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-slate-600"
                  checked={!hidden.includes(id)}
                  onChange={(e) => setHidden(e.target.checked ? hidden.filter((h) => h !== id) : [...hidden, id])}
                />
                {columnLabel(id, labels)}
              </label>
            </li>
          ))}
        </ul>
        {hidden.length > 0 ? (
          <Button variant="ghost" size="sm" className="mt-2" onClick={() => setHidden([])}>
            Show every column
          </Button>
        ) : null}
      </fieldset>
    </DeferredPopover>
  );
}

function SavedViewsMenu({ views, scope }: { views: ListViewsModel; scope: QueryScope }) {
  // Read without TanStack Query (a list route may ship without it: /employments); the panel reads it again after a change.
  const path = views.list.path;
  const read = useCallback((signal: AbortSignal) => readSavedViews(scope, path, signal), [scope, path]);
  const query = useBffData(savedViewsKey(scope, path), read);
  const current = viewHrefOf(views.list, views.href.split("?")[1] ?? "");
  const active = query.data?.find((v) => v.href === current);
  return (
    <DeferredPopover
      label="Saved views"
      className="w-96 p-0"
      preload={loadSavedViewsPanel}
      trigger={
        <button type="button" className={TRIGGER}>
          {active ? `View: ${active.name}` : "Saved views"}
          <PopoverChevron />
        </button>
      }
    >
      <SavedViewsPanel views={views} scope={scope} query={query} activeId={active?.id} />
    </DeferredPopover>
  );
}
