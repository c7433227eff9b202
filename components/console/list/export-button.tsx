"use client";

import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import type { ConsoleOperation } from "@/lib/console/errors/operations";
import type { QueryScope } from "@/lib/queries/scope";

// "Export CSV" for a list (docs/decisions/console-csv-export.md). The button is drawn here; the
// export itself (the download counted as it streams in, cancel, the error banner) is ./export-runner.tsx,
// fetched when the pointer or focus reaches the button and started on the press.

export interface ExportButtonProps {
  /** The list's export route, e.g. "/api/bff/expenses/export". */
  endpoint: string;
  scope: QueryScope;
  /** ["expense", "expenses"]. */
  noun: [string, string];
  /** The ids of the columns on screen (when the URL does not name them in `cols`). */
  columns?: readonly string[];
  /** For the error banner's permission hint. */
  operation?: ConsoleOperation;
}

const loadRunner = () => import("./export-runner");
const ExportRunner = lazy(loadRunner);

export function ExportButton(props: ExportButtonProps) {
  const [pressed, setPressed] = useState(false);
  const preload = () => void loadRunner();
  const plain = (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-end gap-3">
        <Button variant="secondary" size="sm" onPointerEnter={preload} onFocus={preload} onClick={() => setPressed(true)}>
          Export CSV
        </Button>
      </div>
      <p role="status" aria-live="polite" className="text-right text-sm text-slate-700 empty:hidden dark:text-slate-300" />
    </div>
  );
  if (!pressed) return plain;
  return (
    <Suspense fallback={plain}>
      <ExportRunner {...props} />
    </Suspense>
  );
}
