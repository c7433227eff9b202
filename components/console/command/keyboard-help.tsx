"use client";

import { Button } from "@/components/ui/button";
import { ModalDialog } from "@/components/ui/dialog";
import { SHORTCUTS } from "@/lib/console/keyboard/shortcut-list";

/** The keyboard shortcuts, listed in a dialog (`?`). Loaded by the CommandLauncher on first use. */
export default function KeyboardHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ModalDialog open={open} onClose={onClose} title="Keyboard shortcuts" description="Single keys work outside text fields and dialogs.">
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
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </ModalDialog>
  );
}
