"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ThemeChoice } from "@/components/ui/theme-choice";
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

/** The account menu's content (UserMenu): who is signed in and for which company, the theme, "Sign out". */
export default function UserMenuPanel({
  name,
  email,
  company,
  operator,
}: {
  name: string;
  email: string | undefined | null;
  company: PublicSession["company"];
  operator: boolean;
}) {
  const [signingOut, setSigningOut] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);
  return (
    <>
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">Signed in as</dt>
          <dd className="font-medium text-slate-900 dark:text-slate-100">{name}</dd>
          {email && email !== name ? <dd className="break-all text-slate-600 dark:text-slate-400">{email}</dd> : null}
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
    </>
  );
}
