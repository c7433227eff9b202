"use client";

import { lazy } from "react";
import { DeferredPopover } from "@/components/ui/deferred-popover";
import { PopoverChevron } from "@/components/ui/popover-chevron";
import type { PublicSession } from "@/lib/console/session-types";

// The menu's content (who is signed in, the theme choice, "Sign out") loads with Radix's popover when
// the pointer or focus first reaches the button (docs/decisions/console-bundle-budgets.md).
const loadPanel = () => import("./user-menu-panel");
const UserMenuPanel = lazy(loadPanel);

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("") || "?";

/** Who is signed in and for which company, the theme, and "Sign out" (a popover, closed by Escape). */
export function UserMenu({ user, company, operator = false }: Pick<PublicSession, "user" | "company"> & { operator?: boolean }) {
  const name = user?.name || user?.email || "Signed in";

  return (
    <DeferredPopover
      label="Account"
      className="p-4"
      preload={loadPanel}
      trigger={
        <button
          type="button"
          className="group flex items-center gap-2 rounded-md px-1.5 py-1 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
        >
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-brand-600 text-xs font-semibold text-white"
          >
            {initials(name)}
          </span>
          <span className="sr-only md:not-sr-only md:flex md:flex-col md:leading-tight">
            <span className="text-sm font-medium text-slate-900 dark:text-slate-100">{name}</span>
            <span className="text-xs text-slate-600 dark:text-slate-400">
              {operator ? "Partner operator" : (company?.name ?? "No company")}
            </span>
          </span>
          <PopoverChevron />
        </button>
      }
    >
      <UserMenuPanel name={name} email={user?.email} company={company} operator={operator} />
    </DeferredPopover>
  );
}
