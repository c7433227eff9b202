import type { Environment } from "@/lib/contract/enums";
import type { ConsoleSession } from "@/lib/console/session-types";
import { signInPath } from "./sign-in-url";

// A connection granted before the console asked for a scope it now uses (docs/decisions/console-consent-scopes.md,
// follow-up "connections without company:read"): what the page or the export says, naming the scope,
// and the one way the session's kind has to get it. No server imports: pages, the export route and
// the browser's export runner share it.

export interface MissingScopeNotice {
  /** The scope the connection lacks ("company:read"). */
  scope: string;
  /** What is missing, why, and how to fix it: one paragraph. */
  message: string;
  /** Where the fix starts: a same-origin path and its button's label. */
  action: { href: string; label: string };
}

const ENVIRONMENT_NAMES: Record<Environment, string> = { sandbox: "the sandbox", production: "production" };

export function missingScopeNotice(input: {
  scope: string;
  /** What the scope reads here ("the company's billing currency, which names the converted net"). */
  readsWhat: string;
  kind: ConsoleSession["kind"];
  environment: Environment;
  /** The page to come back to after signing in again. */
  returnTo: string;
}): MissingScopeNotice {
  const { scope, kind, environment } = input;
  const where = ENVIRONMENT_NAMES[environment];
  const what = `This connection to the Employment API (${where}) was granted without the ${scope} scope, which reads ${input.readsWhat}.`;
  if (kind === "operator")
    return {
      scope,
      message: `${what} The company consented to the partner before Roster asked for ${scope}: send it a new consent link; once an owner or admin allows it, the company's connection includes ${scope}.`,
      action: { href: "/partner/connect", label: "Create a consent link" },
    };
  const signIn = { href: signInPath({ callbackUrl: input.returnTo, environment }), label: `Sign in to ${where} again` };
  if (kind === "customer_token")
    return {
      scope,
      message: `${what} A Customer API token keeps the scopes it was created with: create one that includes ${scope} at the Employment API, then sign in with it.`,
      action: signIn,
    };
  return {
    scope,
    message: `${what} It was allowed before Roster asked for ${scope}: sign in again and allow Roster's current scopes on the Employment API's consent page.`,
    action: signIn,
  };
}

/** A same-origin path, or null (a notice read back from a response header is checked before it is linked). */
export function sameOriginPath(href: unknown): string | null {
  return typeof href === "string" && href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/\\") ? href : null;
}

/** The response header an export answers its notice in (URI-encoded JSON of a MissingScopeNotice). */
export const EXPORT_NOTICE_HEADER = "x-export-notice";

export const encodeNotice = (notice: MissingScopeNotice): string => encodeURIComponent(JSON.stringify(notice));

/** The notice of an export's answer, or null when it has none or it is not one. */
export function decodeNotice(value: string | null): MissingScopeNotice | null {
  if (!value) return null;
  try {
    const n = JSON.parse(decodeURIComponent(value)) as Partial<MissingScopeNotice> | null;
    const href = sameOriginPath(n?.action?.href);
    if (typeof n?.scope !== "string" || typeof n.message !== "string" || !href || typeof n.action?.label !== "string") return null;
    return { scope: n.scope, message: n.message, action: { href, label: n.action.label } };
  } catch {
    return null;
  }
}
