import { Suspense, type ReactNode } from "react";
import { ConsoleHeader } from "@/components/console/header";
import { TitleFallback } from "@/components/console/title-fallback";
import { getAuthDeps } from "@/lib/console/server/auth/deps";
import { liveGrants } from "@/lib/console/server/partner/aggregate";
import { requireConsoleSession } from "@/lib/console/server/session";
import type { PublicSession } from "@/lib/console/session-types";

// The console's shell: behind the session gate (no session → /sign-in), header with the environment,
// the user and the company, and the one <main> landmark (the root layout's skip link targets #main).

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const session = await requireConsoleSession();
  const publicSession: PublicSession = {
    kind: session.kind,
    environment: session.environment,
    environments: session.environments,
    user: session.user,
    company: session.company,
  };
  // An operator's switcher lists the companies connected in this environment.
  const companies =
    session.kind === "operator" ? liveGrants(await (await getAuthDeps()).grants.listGrants(session.environment)).map((g) => g.company) : [];
  // No client providers here: TanStack Query's provider is in the layouts of the segments that use it
  // (components/console/query-provider.tsx), so a route without it (/employments) does not ship it.
  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <ConsoleHeader session={publicSession} companies={companies} />
      <main id="main" tabIndex={-1} className="mx-auto max-w-screen-2xl px-4 py-6 outline-none sm:px-6 lg:px-8">
        {children}
      </main>
      <Suspense fallback={null}>
        <TitleFallback />
      </Suspense>
    </div>
  );
}
