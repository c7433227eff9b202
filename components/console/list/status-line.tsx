import type { ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";

/** The live line above a list: what is shown (or that it loads), and a spinner while it refetches. */
export function ListStatusLine({ busy, loadingText, children }: { busy: boolean; loadingText: string; children: ReactNode }) {
  return (
    <div className="flex min-h-6 flex-wrap items-center justify-between gap-2 text-sm text-slate-700 dark:text-slate-300">
      <p role="status" aria-live="polite" aria-atomic="true">
        {busy ? loadingText : children}
      </p>
      {busy ? (
        <span className="inline-flex items-center gap-2 text-slate-600 dark:text-slate-400">
          <Spinner /> Updating…
        </span>
      ) : null}
    </div>
  );
}
