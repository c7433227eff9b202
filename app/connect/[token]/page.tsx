import type { Metadata } from "next";
import { cookies } from "next/headers";
import { decodeSignInError } from "@/lib/console/server/auth/session-cookie";
import { getAuthDeps } from "@/lib/console/server/auth/deps";
import { CONNECT_ERROR_COOKIE, consentLinkState, findConsentLink } from "@/lib/console/server/partner/connect";
import { getConsoleSession } from "@/lib/console/server/session";
import { publicEnv } from "@/lib/env";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Connect your company", referrer: "no-referrer" };

const ENV_LABELS = { sandbox: "Sandbox", production: "Production" } as const;

const box = "mt-6 rounded-lg border p-5 text-sm";
const tones = {
  info: `${box} border-slate-200 dark:border-slate-800`,
  success: `${box} border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950/40 dark:text-emerald-100`,
  warning: `${box} border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100`,
  error: `${box} border-red-300 bg-red-50 text-red-950 dark:border-red-700 dark:bg-red-950/40 dark:text-red-100`,
};
const primary =
  "mt-4 inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700";

/**
 * The page a consent link opens, for an owner or admin of the company: what connecting means, then
 * off to the Employment API's own sign-in and consent pages. It also tells how a connection ended.
 */
export default async function ConnectPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await params;
  const query = await searchParams;
  const result = typeof query.result === "string" ? query.result : null;
  const deps = await getAuthDeps();
  const link = await findConsentLink(deps.db, token);
  const state = link ? consentLinkState(link, deps.now()) : null;
  const detail = result === "failed" ? decodeSignInError((await cookies()).get(CONNECT_ERROR_COOKIE)?.value) : null;
  let operator = false;
  try {
    operator = (await getConsoleSession())?.kind === "operator";
  } catch {
    /* the page works without the console session */
  }
  const app = publicEnv.NEXT_PUBLIC_APP_NAME;

  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col justify-center px-6 py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{app}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Connect your company</h1>

      {!link ? (
        <div role="alert" className={tones.error}>
          <p className="font-medium">
            {query.reason === "state" ? "The connection could not be completed in this browser." : "This consent link is not valid."}
          </p>
          <p className="mt-1">
            {query.reason === "state"
              ? "The answer of the Employment API did not match a connection started here (it expired after 15 minutes, or cookies were blocked). Open your consent link again."
              : "Check that you copied the whole link, or ask the partner for a new one."}
          </p>
        </div>
      ) : state === "used" ? (
        <div role="status" className={result === "connected" ? tones.success : tones.info}>
          <p className="font-medium">
            {result === "connected"
              ? `${link.usedByCompany?.name ?? "Your company"} is now connected to ${app}.`
              : "This consent link has been used."}
          </p>
          <p className="mt-1">
            {result === "connected"
              ? `${app} can act for ${link.usedByCompany?.name ?? "the company"} in ${ENV_LABELS[link.environment]}. An owner or admin can withdraw this consent at any time.`
              : `It connected ${link.usedByCompany?.name ?? "a company"}. Ask the partner for a new link to connect another one.`}
          </p>
        </div>
      ) : state === "expired" ? (
        <div role="alert" className={tones.warning}>
          <p className="font-medium">This consent link has expired.</p>
          <p className="mt-1">Links work for 7 days. Ask the partner for a new one.</p>
        </div>
      ) : (
        <>
          {result === "denied" ? (
            <div role="status" className={tones.warning}>
              <p className="font-medium">You declined at the Employment API: nothing was connected.</p>
              <p className="mt-1">You can start again below if that was a mistake.</p>
            </div>
          ) : null}
          {result === "failed" ? (
            <div role="alert" className={tones.error}>
              <p className="font-medium">The connection failed.</p>
              {detail ? (
                <p className="mt-1">
                  The Employment API answered: <span className="font-mono">{detail.message}</span>
                  {detail.requestId ? <> (request id {detail.requestId})</> : null}
                </p>
              ) : null}
            </div>
          ) : null}
          <div className={tones.info}>
            <p>
              <strong>{app}</strong> asks to act for your company through the Employment API (
              <strong>{ENV_LABELS[link.environment]}</strong>): to read and manage its employments and related records on your behalf.
            </p>
            <p className="mt-2">
              You sign in at the Employment API itself, as an <strong>owner or admin</strong> of the company, and see exactly what is asked
              before you allow it. Your password never reaches {app}.
            </p>
            <a href={`/api/partner/connect/start?link=${encodeURIComponent(token)}`} className={primary}>
              Continue to the Employment API
            </a>
          </div>
        </>
      )}

      {operator ? (
        <p className="mt-6 text-sm">
          <a href="/partner" className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">
            Back to the partner view
          </a>
        </p>
      ) : null}
    </main>
  );
}
