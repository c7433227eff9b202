"use client";

import { useSyncExternalStore } from "react";
import { useTheme } from "next-themes";
import { cn } from "./cn";

const CHOICES = [
  { value: "system", label: "System" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
] as const;

const subscribeNothing = () => () => {};

/** "Theme: System / Light / Dark" as a radio group (the stored choice is known only in the browser). */
export function ThemeChoice({ className }: { className?: string }) {
  const { theme, setTheme } = useTheme();
  const mounted = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const current = mounted ? (theme ?? "system") : undefined;
  return (
    <fieldset className={className}>
      <legend className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">Theme</legend>
      <div className="mt-1 grid grid-cols-3 gap-1 rounded-md border border-slate-300 p-0.5 dark:border-slate-600">
        {CHOICES.map((c) => (
          <label
            key={c.value}
            className={cn(
              "cursor-pointer rounded px-2 py-1 text-center text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600",
              current === c.value
                ? "bg-slate-900 font-medium text-white dark:bg-slate-100 dark:text-slate-900"
                : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800",
            )}
          >
            <input
              type="radio"
              name="theme"
              value={c.value}
              className="sr-only"
              checked={current === c.value}
              disabled={!mounted}
              onChange={() => setTheme(c.value)}
            />
            {c.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
