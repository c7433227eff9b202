"use client";

import { lazy, Suspense, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { shortcutFor } from "@/lib/console/keyboard/shortcuts";
import type { PublicSession } from "@/lib/console/session-types";

// The palette (cmdk and the employment query) is fetched on the first Ctrl/⌘+K or button press,
// never with the page (docs/decisions/console-command-palette.md, console-bundle-budgets.md).
const CommandPalette = lazy(() => import("./command-palette"));
// The shortcuts' list (a dialog) is fetched on the first `?`, like the palette.
const KeyboardHelp = lazy(() => import("./keyboard-help"));

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
  const [helpUsed, setHelpUsed] = useState(false);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = shortcutFor(e);
      if (action === "palette") {
        e.preventDefault();
        setUsed(true);
        setOpen(true);
      } else if (action === "help") {
        e.preventDefault();
        setHelpUsed(true);
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
      {helpUsed ? (
        <Suspense fallback={null}>
          <KeyboardHelp open={help} onClose={() => setHelp(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
