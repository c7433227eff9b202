"use client";

import { useMutation } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { QueryProvider } from "@/components/console/query-provider";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { toErrorPayload } from "@/lib/console/errors/to-payload";
import type { SavedView } from "@/lib/console/views/lists";
import { deleteView, saveView } from "@/lib/queries/views";
import type { QueryScope } from "@/lib/queries/scope";
import type { ListViewsModel } from "./list-toolbar";
import type { BffData } from "./use-bff-data";

// The saved views menu's panel (components/console/list/list-toolbar.tsx loads it on first use):
// the list's views (apply, copy the link, delete) and "Save this view as". The views are the menu's
// read (`useBffData`, read again after a save or a delete); the panel brings TanStack Query's provider
// for its mutations, since a list route may have none (/employments).
// docs/decisions/console-sort-and-saved-views.md

type PanelProps = {
  views: ListViewsModel;
  scope: QueryScope;
  query: BffData<SavedView[]>;
  activeId: string | undefined;
};

export default function SavedViewsPanel(props: PanelProps) {
  return (
    <QueryProvider>
      <Panel {...props} />
    </QueryProvider>
  );
}

function Panel({ views, scope, query, activeId }: PanelProps) {
  const nameId = useId();
  const [name, setName] = useState("");
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const path = views.list.path;
  const search = views.href.split("?")[1] ?? "";
  const invalidate = () => query.refetch();

  const save = useMutation({
    mutationFn: (viewName: string) => saveView(scope, { list: path, name: viewName, search }),
    onSuccess: ({ view, replaced }) => {
      setName("");
      setMessage({ tone: "ok", text: replaced ? `View “${view.name}” updated.` : `View “${view.name}” saved.` });
      void invalidate();
    },
    onError: (e) => setMessage({ tone: "error", text: errorText(e) }),
  });
  const remove = useMutation({
    mutationFn: (view: SavedView) => deleteView(scope, view.id, view.list).then(() => view),
    onSuccess: (view) => {
      setMessage({ tone: "ok", text: `View “${view.name}” deleted.` });
      void invalidate();
    },
    onError: (e) => setMessage({ tone: "error", text: errorText(e) }),
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setMessage({ tone: "error", text: "Enter a name for the view." });
    save.mutate(name);
  };
  const copy = async (view: SavedView) => {
    const url = new URL(view.href, window.location.origin).href;
    try {
      await navigator.clipboard.writeText(url);
      setMessage({ tone: "ok", text: `Link to “${view.name}” copied.` });
    } catch {
      setMessage({ tone: "error", text: `The link could not be copied: ${url}` });
    }
  };

  return (
    <>
      <div className="max-h-72 overflow-y-auto p-3">
        <h2 className="mb-2 text-sm font-semibold text-slate-900 dark:text-white">Saved views</h2>
        {query.isPending ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Loading views…</p>
        ) : query.isError ? (
          <p role="alert" className="text-sm text-red-800 dark:text-red-300">
            The views could not be loaded: {errorText(query.error)}
          </p>
        ) : !query.data || query.data.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            No saved views yet. Save the filters, sort and columns of this list under a name below.
          </p>
        ) : (
          <ul className="space-y-1" aria-label="Views of this list">
            {query.data.map((view) => (
              <li key={view.id} className="flex items-center gap-1" data-view-name={view.name}>
                <a
                  href={view.href}
                  title={view.name}
                  aria-current={view.id === activeId ? "true" : undefined}
                  onClick={(e) => {
                    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return; // a new tab opens the link itself
                    e.preventDefault();
                    views.apply(view.href);
                    setMessage({ tone: "ok", text: `View “${view.name}” applied.` });
                  }}
                  className="min-w-0 flex-1 break-words rounded px-2 py-1 text-sm text-slate-900 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-[current]:font-semibold dark:text-white dark:hover:bg-slate-800"
                >
                  {view.name}
                  {view.id === activeId ? <span className="sr-only"> (current)</span> : null}
                </a>
                <Button variant="ghost" size="sm" onClick={() => void copy(view)} aria-label={`Copy the link to ${view.name}`}>
                  Copy link
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(view)}
                  aria-label={`Delete the view ${view.name}`}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <form onSubmit={onSubmit} className="space-y-2 border-t border-slate-200 p-3 dark:border-slate-700">
        <label htmlFor={nameId} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
          Save this view as
        </label>
        <div className="flex gap-2">
          <Input
            id={nameId}
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. Pending, largest first"
            className="min-w-0 flex-1"
          />
          <Button type="submit" variant="primary" size="sm" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save"}
          </Button>
        </div>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Keeps the filters, the sort and the shown columns (not the page). A name already used replaces that view.
        </p>
      </form>
      <div aria-live="polite" className="border-t border-slate-200 px-3 py-2 text-sm empty:hidden dark:border-slate-700">
        {message ? (
          <span className={message.tone === "error" ? "text-red-800 dark:text-red-300" : "text-slate-800 dark:text-slate-200"}>
            {message.text}
          </span>
        ) : null}
      </div>
    </>
  );
}

function errorText(e: unknown): string {
  const p = toErrorPayload(e);
  const field = p.fieldErrors ? Object.values(p.fieldErrors).flat()[0] : undefined;
  return field ?? p.message;
}
