"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DeferredPopover } from "@/components/ui/deferred-popover";
import { PopoverChevron } from "@/components/ui/popover-chevron";
import { ThemeChoice } from "@/components/ui/theme-provider";
import type { PublicSession } from "@/lib/console/session-types";
import { SIGN_IN_PATH } from "@/lib/console/auth/sign-in-url";
import { bffFetch } from "@/lib/console/bff-client";
import { describeApiError } from "@/lib/console/api-errors";
import { toErrorPayload } from "@/lib/console/errors/to-payload";

/** DELETE /api/session forgets the session's connections (revoking OAuth grants) and its cookie. */
export async function signOut(): Promise<void> {
  await bffFetch("/api/session", { method: "DELETE" });
  // A full navigation: nothing of the signed-in session stays in memory.
  window.location.assign(SIGN_IN_PATH);
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("") || "?";

/** Who is signed in and for which company, the theme, and "Sign out" (a popover, closed by Escape). */
export function UserMenu({ user, company, operator = false }: Pick<PublicSession, "user" | "company"> & { operator?: boolean }) {
  const [signingOut, setSigningOut] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const name = user?.name || user?.email || "Signed in";

  return (
    <DeferredPopover
      label="Account"
      className="p-4"
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
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">Signed in as</dt>
          <dd className="font-medium text-slate-900 dark:text-slate-100">{name}</dd>
          {user?.email && user.email !== name ? <dd className="break-all text-slate-600 dark:text-slate-400">{user.email}</dd> : null}
        </div>
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">
            {operator ? "Role" : "Company"}
          </dt>
          <dd className="text-slate-900 dark:text-slate-100">
            {operator ? "Partner operator: every connected company" : (company?.name ?? "None")}
          </dd>
        </div>
      </dl>
      <ThemeChoice className="mt-4" />
      <Button
        variant="secondary"
        size="sm"
        className="mt-4 w-full"
        disabled={signingOut}
        onClick={() => {
          setSigningOut(true);
          setSignOutError(null);
          signOut().catch((error: unknown) => {
            setSigningOut(false);
            setSignOutError(describeApiError(toErrorPayload(error)));
          });
        }}
      >
        {signingOut ? "Signing out…" : "Sign out"}
      </Button>
      {signOutError ? (
        <p role="alert" className="mt-2 text-xs font-medium text-red-700 dark:text-red-300">
          Sign-out failed: {signOutError}
        </p>
      ) : null}
    </DeferredPopover>
  );
}
