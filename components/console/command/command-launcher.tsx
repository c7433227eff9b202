"use client";

import { lazy, Suspense, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { ModalDialog } from "@/components/ui/dialog";
import { SHORTCUTS, shortcutFor } from "@/lib/console/keyboard/shortcuts";
import type { PublicSession } from "@/lib/console/session-types";

// The palette (cmdk and the employment query) is fetched on the first Ctrl/⌘+K or button press,
// never with the page (docs/decisions/console-command-palette.md, console-bundle-budgets.md).
const CommandPalette = lazy(() => import("./command-palette"));

/** The list's search field `/` focuses: the first search form's field of the page's main content. */
function focusListSearch(): boolean {
  const field = document.querySelector<HTMLElement>(
    '#main form[role="search"] input:not([type="hidden"]), #main input[type="search"], #main input[type="email"]',
  );
  if (!field) return false;
  field.focus();
  return true;
}

/**
 * The console's keyboard layer, mounted once in the header: Ctrl/⌘+K (or the button) opens the
 * command palette, `/` focuses the list search, `?` lists the shortcuts. j / k / Enter belong to the
 * list tables (components/console/list/use-row-keys.ts).
 */
export function CommandLauncher({ session }: { session: PublicSession }) {
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  const [help, setHelp] = useState(false);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = shortcutFor(e);
      if (action === "palette") {
        e.preventDefault();
        setUsed(true);
        setOpen(true);
      } else if (action === "help") {
        e.preventDefault();
        setHelp(true);
      } else if (action === "search") {
        if (focusListSearch()) e.preventDefault();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <span>Go to…</span>
        <kbd
          aria-hidden="true"
          className="rounded border border-slate-300 px-1 text-xs text-slate-600 dark:border-slate-600 dark:text-slate-400"
        >
          Ctrl K
        </kbd>
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <CommandPalette open={open} onClose={() => setOpen(false)} session={session} />
        </Suspense>
      ) : null}
      <ModalDialog
        open={help}
        onClose={() => setHelp(false)}
        title="Keyboard shortcuts"
        description="Single keys work outside text fields and dialogs."
      >
        <table className="w-full text-sm">
          <caption className="sr-only">Keyboard shortcuts</caption>
          <thead>
            <tr>
              <th scope="col" className="pb-2 text-left font-medium">
                Keys
              </th>
              <th scope="col" className="pb-2 text-left font-medium">
                What they do
              </th>
            </tr>
          </thead>
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s.what} className="border-t border-slate-200 dark:border-slate-700">
                <td className="py-1.5 pr-4 whitespace-nowrap">
                  {s.keys.map((k, i) => (
                    <span key={k}>
                      {i > 0 ? " + " : null}
                      <kbd className="rounded border border-slate-300 px-1.5 font-mono text-xs dark:border-slate-600">{k}</kbd>
                    </span>
                  ))}
                </td>
                <td className="py-1.5">{s.what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={() => setHelp(false)}>
            Close
          </Button>
        </div>
      </ModalDialog>
    </>
  );
}
