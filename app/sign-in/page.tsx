import type { Metadata } from "next";
import { cookies } from "next/headers";
import { isEnvironment } from "@/lib/console/server/config";
import { decodeSignInError, SIGN_IN_ERROR_COOKIE } from "@/lib/console/server/auth/session-cookie";
import { describeSignInError, knownSignInError } from "@/lib/console/auth/sign-in-errors";
import { safeCallbackUrl } from "@/lib/console/auth/sign-in-url";
import { getConsoleSession } from "@/lib/console/server/session";
import type { ConsoleSession } from "@/lib/console/session-types";
import { CustomerTokenForm, OAuthSignInForm, OperatorSignInForm } from "./sign-in-forms";

// The sign-in page: the Employment API's own sign-in (OAuth, either environment) or a Customer API
// token. next-auth sends failed sign-ins back here with `?error=<code>`; the API's own words come in
// a short-lived httpOnly cookie set by the auth route, never in the URL.
export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(first(params.callbackUrl), "/employments");
  // Operators land in the partner view unless a page sent them here.
  const operatorCallbackUrl = safeCallbackUrl(first(params.callbackUrl), "/partner");
  const requested = first(params.environment);
  const errorCode = first(params.error) ?? null;
  const detail = errorCode ? decodeSignInError((await cookies()).get(SIGN_IN_ERROR_COOKIE)?.value) : null;
  // next-auth's code is generic (Callback, OAuthCallback); the API's own code, when we know it, says more.
  const message = knownSignInError(detail?.code) ?? describeSignInError(errorCode);
  let session: ConsoleSession | null = null;
  try {
    session = await getConsoleSession();
  } catch {
    // The page must render even when the console database is unavailable: signing in will say why.
  }
  const defaultEnvironment = isEnvironment(requested) ? requested : (session?.environment ?? "sandbox");

  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-lg flex-col justify-center px-6 py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Roster</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Sign in</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        Roster acts for your company through the Employment API, in the sandbox or in production.
      </p>

      {message ? (
        <div
          role="alert"
          className="mt-6 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-medium">{message}</p>
          {detail ? (
            <p className="mt-1">
              The Employment API answered: <span className="font-mono">{detail.message}</span>
              {detail.requestId ? <> (request id {detail.requestId})</> : null}
            </p>
          ) : null}
        </div>
      ) : null}

      {session?.kind === "operator" ? (
        <p className="mt-6 rounded-md border border-slate-200 p-4 text-sm dark:border-slate-800">
          You are signed in as a partner operator ({session.user?.email}). Signing in as a company admin below ends that session.
        </p>
      ) : session && session.environments.length > 0 ? (
        <p className="mt-6 rounded-md border border-slate-200 p-4 text-sm dark:border-slate-800">
          You are signed in to <strong>{session.environments.join(" and ")}</strong>
          {session.company ? <> for {session.company.name}</> : null}. Signing in to the other environment adds it to this session.
        </p>
      ) : null}

      <section aria-labelledby="oauth-heading" className="mt-8 rounded-lg border border-slate-200 p-6 dark:border-slate-800">
        <h2 id="oauth-heading" className="text-lg font-semibold">
          Company admin
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-600 dark:text-slate-400">
          Sign in at the Employment API and allow Roster to act for your company.
        </p>
        <OAuthSignInForm callbackUrl={callbackUrl} defaultEnvironment={defaultEnvironment} />
      </section>

      <section aria-labelledby="token-heading" className="mt-6 rounded-lg border border-slate-200 p-6 dark:border-slate-800">
        <h2 id="token-heading" className="text-lg font-semibold">
          Customer API token
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-600 dark:text-slate-400">
          For an admin of a single company, instead of signing in above.
        </p>
        <CustomerTokenForm callbackUrl={callbackUrl} />
      </section>

      <section aria-labelledby="operator-heading" className="mt-6 rounded-lg border border-slate-200 p-6 dark:border-slate-800">
        <h2 id="operator-heading" className="text-lg font-semibold">
          Partner operator
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-600 dark:text-slate-400">
          For the partner&apos;s staff: every company that granted consent, in one view. Your console account, not an Employment API
          sign-in.
        </p>
        <OperatorSignInForm callbackUrl={operatorCallbackUrl} />
      </section>
    </main>
  );
}
