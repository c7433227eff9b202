import { signInPath } from "@/lib/console/auth/sign-in-url";
// The sign-in link every console page takes (the session-expired redirect), apart from the employment links.
export { signInHref } from "@/lib/console/auth/sign-in-href";
import type { Environment } from "@/lib/contract/enums";

// Console URLs of employments, in one place (pages, links, redirects and tests agree on them).

export const EMPLOYMENTS_PATH = "/employments";

export const employmentHref = (id: string) => `${EMPLOYMENTS_PATH}/${encodeURIComponent(id)}`;
export const employmentEditHref = (id: string) => `${employmentHref(id)}/edit`;

// The onboarding tasks' form links are ./form-links.ts (the lists and the shell link no form).

/**
 * Where to go after switching environment: ids are per environment, so a page about one employment
 * goes back to the list; the list keeps its filters but starts again at page 1; other pages reload.
 */
export function afterEnvironmentSwitchHref(pathname: string, search: string): string {
  if (pathname.startsWith(`${EMPLOYMENTS_PATH}/`)) return EMPLOYMENTS_PATH;
  if (pathname === EMPLOYMENTS_PATH) {
    const params = new URLSearchParams(search);
    params.delete("page");
    const qs = params.toString();
    return qs ? `${pathname}?${qs}` : pathname;
  }
  return `${pathname}${search}`;
}

/**
 * What the environment switch does. An operator's session switches freely (its companies are per
 * environment: the other one opens at the partner view). A company admin switches only to an
 * environment the session is signed in to; for the other one the switch is a sign-in there, which
 * comes back to the same place: going there directly, rather than asking the switch endpoint (which
 * would refuse with 409), leads the user to sign in without a failed request on the way.
 */
export function environmentSwitchPlan(o: {
  target: Environment;
  connected: readonly Environment[];
  operator: boolean;
  pathname: string;
  search: string;
}): { next: string; signInUrl: string | null } {
  const next = o.operator
    ? o.pathname.startsWith("/partner/employments")
      ? "/partner/employments"
      : "/partner"
    : afterEnvironmentSwitchHref(o.pathname, o.search);
  const needsSignIn = !o.operator && !o.connected.includes(o.target);
  return { next, signInUrl: needsSignIn ? signInPath({ environment: o.target, callbackUrl: next }) : null };
}

/** A sign-in URL the environment endpoint handed back, if it stays on this origin. */
export function sameOriginPath(value: unknown): string | null {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") ? value : null;
}
