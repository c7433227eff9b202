import { BFF_HEADER } from "@/lib/console/bff-client";
import { environmentSwitchPlan, sameOriginPath } from "@/lib/console/employments/links";
import type { Environment } from "@/lib/contract/enums";
import { ENVIRONMENTS } from "@/lib/contract/environments";

// Apart from the header's EnvironmentSwitch, which imports it on the press (and the command palette):
// the header is on every page and a switch is rare.

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
