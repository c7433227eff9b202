import type { Metadata } from "next";
import Link from "next/link";
import { UpdateEmploymentContainer } from "@/components/console/employments/update-employment-container";
import { ErrorBanner } from "@/components/console/error-banner";
import { Hydrate } from "@/components/console/hydrate";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { EMPLOYMENTS_PATH, employmentEditHref, employmentHref } from "@/lib/console/employments/links";
import { loadForPage } from "@/lib/console/server/pages";
import { companyManagersQuery, departmentsQuery } from "@/lib/queries/company";
import { employmentDetailQuery } from "@/lib/queries/employments";
import { makeQueryClient } from "@/lib/queries/query-client";
import { listAllDepartments } from "@/lib/console/server/departments/api";
import { listAllCompanyManagers } from "@/lib/console/server/company-managers/api";
import { employmentPageLoads } from "@/lib/console/server/employments/page-loads";

export const metadata: Metadata = { title: "Edit employment" };

/** Update employment (spec 4.1): the employment and the form's options are fetched here first. */
export default async function EditEmploymentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const returnTo = employmentEditHref(id);
  const { api, scope, loads } = await employmentPageLoads(id);
  const queryClient = makeQueryClient();
  // Options that fail to load are fetched again by the form, which then shows their error.
  const [employment] = await Promise.all([
    loadForPage(
      () =>
        queryClient.fetchQuery({
          ...employmentDetailQuery(scope, id),
          queryFn: () => loads.employment.loaded, // the [id] layout's load: no second call
        }),
      { returnTo, notFoundOn404: true },
    ),
    loadForPage(() => queryClient.fetchQuery({ ...departmentsQuery(scope), queryFn: () => listAllDepartments(api) }), { returnTo }),
    loadForPage(() => queryClient.fetchQuery({ ...companyManagersQuery(scope), queryFn: () => listAllCompanyManagers(api) }), { returnTo }),
  ]);

  const name = employment.ok ? employment.data.full_name : "Employment";
  return (
    <div className="mx-auto max-w-2xl">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <ol className="flex flex-wrap items-center gap-1.5 text-slate-600 dark:text-slate-400">
          <li>
            <Link href={EMPLOYMENTS_PATH} className="underline-offset-2 hover:text-slate-900 hover:underline dark:hover:text-white">
              Employments
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link href={employmentHref(id)} className="underline-offset-2 hover:text-slate-900 hover:underline dark:hover:text-white">
              {name}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-slate-900 dark:text-slate-100">
            Edit
          </li>
        </ol>
      </nav>
      <PageHeader
        title="Edit employment"
        description={employment.ok ? `Department, manager, external ID and work email of ${name}.` : undefined}
      />
      {employment.ok ? (
        <Card>
          <CardBody className="py-6">
            <Hydrate client={queryClient}>
              <UpdateEmploymentContainer scope={scope} id={id} />
            </Hydrate>
          </CardBody>
        </Card>
      ) : (
        <ErrorBanner
          error={employment.error}
          actions={
            <ButtonLink href={returnTo} size="sm">
              Try again
            </ButtonLink>
          }
        />
      )}
    </div>
  );
}
