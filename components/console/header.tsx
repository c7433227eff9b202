import Link from "next/link";
import type { PublicSession } from "@/lib/console/session-types";
import { EnvironmentSwitch } from "./environment-switch";
import { NavLinks } from "./nav-links";
import { UserMenu } from "./user-menu";

/** The console's banner: brand, navigation, the environment (always visible), the user. */
export function ConsoleHeader({ session }: { session: PublicSession }) {
  return (
    <header className="relative z-20 sm:sticky sm:top-0 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      {session.environment === "sandbox" ? <div aria-hidden="true" className="h-1 bg-amber-400" /> : null}
      <div className="mx-auto flex min-h-14 max-w-screen-2xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 sm:px-6 lg:px-8">
        <Link href="/employments" className="text-base font-bold tracking-tight text-slate-900 dark:text-white">
          Roster
        </Link>
        <nav aria-label="Main">
          <NavLinks />
        </nav>
        <div className="ml-auto flex flex-wrap items-center gap-3">
          <EnvironmentSwitch current={session.environment} connected={session.environments} />
          <UserMenu user={session.user} company={session.company} />
        </div>
      </div>
    </header>
  );
}
