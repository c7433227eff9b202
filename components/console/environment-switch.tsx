"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { Environment } from "@/lib/contract/enums";
import { ENVIRONMENTS } from "@/lib/contract/environments";
import { ENVIRONMENT_LABELS, EnvironmentBadge } from "./environment-badge";

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
    // The switch's code (the BFF call, where to land, the sign-in detour) is fetched on the press.
    const { switchEnvironment } = await import("./environment-switching");
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
