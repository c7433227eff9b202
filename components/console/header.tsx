import Link from "next/link";
import { openCompanyHref } from "@/lib/console/partner/links";
import type { PublicSession } from "@/lib/console/session-types";
import { CollapsibleNav } from "./collapsible-nav";
import { CommandLauncher } from "./command/command-launcher";
import { EnvironmentSwitch } from "./environment-switch";
import { NavLinks } from "./nav-links";
import { CompanySwitcher, type SwitcherCompany } from "./partner/company-switcher";
import { PartnerNavLinks } from "./partner/partner-nav-links";
import { UserMenu } from "./user-menu";

/**
 * The console's banner: brand, navigation, the environment (always visible), the user. An operator
 * also gets the partner view's navigation and the company switcher; the company navigation appears
 * once a company is chosen.
 */
export function ConsoleHeader({ session, companies = [] }: { session: PublicSession; companies?: SwitcherCompany[] }) {
  const operator = session.kind === "operator";
  return (
    <header className="relative z-20 sm:sticky sm:top-0 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      {session.environment === "sandbox" ? <div aria-hidden="true" className="h-1 bg-amber-400" /> : null}
      <div className="mx-auto flex min-h-14 max-w-screen-2xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 sm:px-6 lg:px-8">
        <Link href={operator ? "/partner" : "/"} className="text-base font-bold tracking-tight text-slate-900 dark:text-white">
          Roster
        </Link>
        <CollapsibleNav label={operator ? "Partner" : "Main"}>{operator ? <PartnerNavLinks /> : <NavLinks />}</CollapsibleNav>
        <div className="ml-auto flex flex-wrap items-center gap-3">
          <CommandLauncher session={session} />
          {operator ? (
            // Links built here, on the server: the switcher (on every page) stays free of the URL-state module and zod.
            <CompanySwitcher current={session.company} companies={companies.map((c) => ({ ...c, href: openCompanyHref(c.id) }))} />
          ) : null}
          <EnvironmentSwitch current={session.environment} connected={session.environments} operator={operator} />
          <UserMenu user={session.user} company={operator ? null : session.company} operator={operator} />
        </div>
      </div>
      {operator && session.company ? (
        <div className="border-t border-slate-200 dark:border-slate-800">
          <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-1.5 sm:px-6 lg:px-8">
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Acting for <strong className="text-slate-900 dark:text-white">{session.company.name}</strong>
            </p>
            <CollapsibleNav label="Main" menuLabel="Company menu">
              <NavLinks />
            </CollapsibleNav>
          </div>
        </div>
      ) : null}
    </header>
  );
}
