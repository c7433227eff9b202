import type { Metadata } from "next";
import Link from "next/link";
import { CompanyOverview } from "@/components/console/overview/company-overview.server";
import { ENVIRONMENTS, type Environment } from "@/lib/contract/enums";
import { getServerEnv } from "@/lib/env";
import { getConsoleSession } from "@/lib/console/server/session";
import ConsoleLayout from "./(console)/layout";

// Home of the console: a signed-in admin sees the company overview inside the console's layout (an
// operator without a company is sent to the partner view); others see where the API runs and how to
// sign in. Rendered on each request (configuration is read at run time). No secret is rendered.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  // The root layout's title template applies to segments below it, not to its own page.
  return (await getConsoleSession().catch(() => null)) ? { title: { absolute: "Overview · Roster" } } : {};
}

const LABELS: Record<Environment, { title: string; hint: string }> = {
  sandbox: { title: "Sandbox", hint: "Test data; Customer API tokens start with ra_test_" },
  production: { title: "Production", hint: "Live data; Customer API tokens start with ra_live_" },
};

/** Whether an environment answers, checked server-side with a short timeout. */
async function probe(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/openapi.json`, { cache: "no-store", signal: AbortSignal.timeout(1500) });
    return res.ok;
  } catch {
    return false;
  }
}

export default async function HomePage() {
  if (await getConsoleSession().catch(() => null)) {
    return (
      <ConsoleLayout>
        <CompanyOverview />
      </ConsoleLayout>
    );
  }
  const env = getServerEnv();
  const { apiUrls, embedded, demo } = env.resolved;
  const answering = await Promise.all(ENVIRONMENTS.map((e) => probe(apiUrls[e])));

  return (
    <main id="main" className="mx-auto max-w-3xl px-6 py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Roster</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Employment admin console</h1>
      <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
        Manage employments, onboarding, country forms, time off, expenses, incentives, offboardings, payslips and webhooks through the
        Employment Management API, in sandbox and production. The API is{" "}
        {embedded ? "running inside this server" : "configured as an external service"}.
      </p>
      <p className="mt-6">
        <Link
          href="/sign-in?callbackUrl=%2F"
          className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Sign in
        </Link>
      </p>

      <section aria-labelledby="environments" className="mt-12">
        <h2 id="environments" className="text-xl font-semibold">
          API environments
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {ENVIRONMENTS.map((e, i) => (
            <li key={e} className="rounded-lg border border-slate-200 p-5 dark:border-slate-800" aria-labelledby={`env-${e}`}>
              <h3 id={`env-${e}`} className="font-semibold">
                {LABELS[e].title}
              </h3>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{LABELS[e].hint}</p>
              <dl className="mt-3 space-y-1 text-sm">
                <div className="flex gap-2">
                  <dt className="text-slate-500">Base URL</dt>
                  <dd>
                    <code className="font-mono">{apiUrls[e]}</code>
                  </dd>
                </div>
                <div className="flex gap-2">
                  <dt className="text-slate-500">Status</dt>
                  <dd>{answering[i] ? "Answering" : "Not answering"}</dd>
                </div>
              </dl>
              <a
                className="mt-3 inline-block text-sm font-medium text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-50"
                href={`${apiUrls[e]}/openapi.json`}
              >
                {LABELS[e].title} OpenAPI document
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="sign-in" className="mt-12">
        <h2 id="sign-in" className="text-xl font-semibold">
          Demo sign-in
        </h2>
        {embedded ? (
          <p className="mt-3 text-slate-600 dark:text-slate-300">
            The demo company&apos;s owner is <code className="font-mono">{demo.adminEmail}</code>. Its password, the demo OAuth client and
            the demo Customer API tokens are printed in the terminal that started Roster (the box titled &ldquo;Roster Employment
            API&rdquo;), or set them yourself with <code className="font-mono">GATEWAY_DEMO_PASSWORD</code>,{" "}
            <code className="font-mono">GATEWAY_DEMO_CLIENT_SECRET</code> and{" "}
            <code className="font-mono">GATEWAY_DEMO_CUSTOMER_TOKEN_*</code> (see the README).
          </p>
        ) : (
          <p className="mt-3 text-slate-600 dark:text-slate-300">
            Roster is configured for an external provider: sign in with the credentials your provider issued.
          </p>
        )}
      </section>
    </main>
  );
}
