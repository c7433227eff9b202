import type { Metadata } from "next";
import { InviteManagerCard } from "@/components/console/company-managers/invite-manager-card";
import { ManagersList } from "@/components/console/company-managers/managers-list";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { Hydrate } from "@/components/console/hydrate";
import { PageHeader } from "@/components/ui/page-header";
import { listCompanyManagers } from "@/lib/console/server/company-managers/api";
import { managersList } from "@/lib/console/company-managers/list";
import { loadListPage, type PageSearchParams } from "@/lib/console/server/pages";
import { requireConsoleSession } from "@/lib/console/server/session";
import { managerListQuery } from "@/lib/queries/company-managers";

export const metadata: Metadata = { title: "Company managers" };

/** The company's users with roles: list, invite, remove (never the last owner: the API refuses). */
export default async function CompanyManagersPage({ searchParams }: PageSearchParams) {
  const { scope, returnTo, queryClient, initialError } = await loadListPage(managersList, searchParams, {
    query: managerListQuery,
    load: listCompanyManagers,
  });
  const session = await requireConsoleSession(returnTo);
  return (
    <>
      <PageHeader
        title="Company managers"
        description={`The people who manage ${session.company?.name ?? "the company"} and its employments in ${ENVIRONMENT_LABELS[scope.environment]}, with their roles.`}
      />
      <Hydrate client={queryClient}>
        <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
          <ManagersList
            scope={scope}
            companyName={session.company?.name ?? null}
            currentUserId={session.user?.id ?? null}
            environmentLabel={ENVIRONMENT_LABELS[scope.environment]}
            initialError={initialError}
          />
          <InviteManagerCard scope={scope} />
        </div>
      </Hydrate>
    </>
  );
}
