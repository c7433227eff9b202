import type { Metadata } from "next";
import Link from "next/link";
import { ErrorBanner } from "@/components/console/error-banner";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { EMPLOYMENTS_PATH } from "@/lib/console/employments/links";
import { getPageApi, loadForPage } from "@/lib/console/server/pages";
import { currentStep } from "./flow-state";
import { NewEmploymentFlow } from "./new-employment-flow";
import { listCountries } from "@/lib/console/server/countries/api";
import { getEmployment } from "@/lib/console/server/employments/api";

export const metadata: Metadata = { title: "New employment" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const one = (v: string | string[] | undefined) => (typeof v === "string" && v ? v : null);

/**
 * New employment: country and type, the country's basic information (creates the employment), the
 * other sections, then the invitation. The countries (and the employment, once created) are loaded
 * here; the URL says where the flow stands.
 */
export default async function NewEmploymentPage({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  const params = { country: one(sp.country), employment: one(sp.employment), step: one(sp.step), section: one(sp.section) };
  const query = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== null)).toString();
  const returnTo = `${EMPLOYMENTS_PATH}/new${query ? `?${query}` : ""}`;
  const { api, scope } = await getPageApi(returnTo);

  const [countries, employment] = await Promise.all([
    loadForPage(() => listCountries(api), { returnTo }),
    params.employment ? loadForPage(() => getEmployment(api, params.employment!), { returnTo, notFoundOn404: true }) : null,
  ]);
  const failed = !countries.ok ? countries.error : employment && !employment.ok ? employment.error : null;

  return (
    <div className="mx-auto max-w-5xl">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <ol className="flex flex-wrap items-center gap-1.5 text-slate-600 dark:text-slate-400">
          <li>
            <Link href={EMPLOYMENTS_PATH} className="underline-offset-2 hover:text-slate-900 hover:underline dark:hover:text-white">
              Employments
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-slate-900 dark:text-slate-100">
            New employment
          </li>
        </ol>
      </nav>
      <PageHeader title="New employment" description={`In ${scope.environment === "sandbox" ? "the sandbox" : "production"}.`} />
      {failed ? (
        <ErrorBanner
          error={failed}
          actions={
            <ButtonLink href={returnTo} size="sm">
              Try again
            </ButtonLink>
          }
        />
      ) : (
        <NewEmploymentFlow
          scope={scope}
          countries={countries.ok ? countries.data : []}
          step={currentStep(params)}
          countryCode={params.country?.toUpperCase() ?? null}
          section={params.section}
          employment={employment && employment.ok ? employment.data : null}
        />
      )}
    </div>
  );
}
