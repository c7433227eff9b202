"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { BFF_HEADER } from "@/lib/console/bff-client";
import { environmentSwitchPlan, sameOriginPath } from "@/lib/console/employments/links";
import type { Environment } from "@/lib/contract/enums";
import { ENVIRONMENTS } from "@/lib/contract/environments";
import { ENVIRONMENT_LABELS, EnvironmentBadge } from "./environment-badge";

const ENDPOINT = "/api/session/environment";

type Body = {
  signInUrl?: unknown;
  data?: { signInUrl?: unknown };
  error?: { message?: unknown; signInUrl?: unknown };
  message?: unknown;
} | null;

/**
 * Switches the session to the other environment and reloads the page there (or goes to sign in
 * there first). Resolves with an error message when the switch failed, and never when it navigates.
 * Used by the header's switch and the command palette.
 */
export async function switchEnvironment(o: { current: Environment; connected: Environment[]; operator: boolean }): Promise<string> {
  const target = ENVIRONMENTS.find((e) => e !== o.current) ?? o.current;
  // Where to land afterwards, also after signing in to the target environment first.
  const { next, signInUrl: signInFirst } = environmentSwitchPlan({
    target,
    connected: o.connected,
    operator: o.operator,
    pathname: window.location.pathname,
    search: window.location.search,
  });
  const stay = () => new Promise<string>(() => {});
  if (signInFirst) {
    window.location.assign(signInFirst);
    return stay();
  }
  try {
    const res = await fetch(ENDPOINT, {
      method: "POST",
      headers: { "content-type": "application/json", [BFF_HEADER]: "1" },
      body: JSON.stringify({ environment: target, callbackUrl: next }),
      credentials: "same-origin",
    });
    const body = (await res.json().catch(() => null)) as Body;
    if (res.status === 409) {
      // The connection ended since the page was rendered (another tab signed out of it): sign in there.
      const signInUrl = sameOriginPath(body?.signInUrl ?? body?.data?.signInUrl ?? body?.error?.signInUrl);
      if (signInUrl) {
        window.location.assign(signInUrl);
        return stay();
      }
    }
    if (!res.ok) {
      const message = body?.error?.message ?? body?.message;
      return typeof message === "string" && message ? message : `Switching failed (HTTP ${res.status}).`;
    }
    window.location.assign(next);
    return stay();
  } catch (e) {
    return `Switching failed: ${(e as Error).message}`;
  }
}

/**
 * The environment badge and the switch to the other environment. A switch reloads the page
 * entirely: nothing cached for one environment survives into the other.
 */
export function EnvironmentSwitch({
  current,
  connected,
  operator = false,
}: {
  current: Environment;
  connected: Environment[];
  operator?: boolean;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const target = ENVIRONMENTS.find((e) => e !== current) ?? current;
  const needsSignIn = !operator && !connected.includes(target);

  async function onSwitch() {
    setPending(true);
    setError(null);
    const message = await switchEnvironment({ current, connected, operator });
    setError(message);
    setPending(false);
  }

  return (
    <div className="flex items-center gap-2">
      <EnvironmentBadge environment={current} />
      <Button
        variant="ghost"
        size="sm"
        onClick={() => void onSwitch()}
        disabled={pending}
        title={needsSignIn ? `You'll be asked to sign in to ${ENVIRONMENT_LABELS[target]}` : undefined}
      >
        {pending ? <Spinner /> : null}
        <span>
          {pending ? "Switching…" : `Switch to ${ENVIRONMENT_LABELS[target]}`}
          {needsSignIn && !pending ? <span className="sr-only"> (sign-in needed)</span> : null}
        </span>
      </Button>
      <span role="status" aria-live="polite" className="sr-only">
        {pending ? `Switching to ${ENVIRONMENT_LABELS[target]}` : ""}
      </span>
      {error ? (
        <p role="alert" className="max-w-56 text-xs font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
