import type { Metadata } from "next";
import Link from "next/link";
import { AmendmentDetail } from "@/components/console/contract-amendments/amendment-detail";
import { ErrorBanner } from "@/components/console/error-banner";
import { Hydrate } from "@/components/console/hydrate";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { amendmentsOfEmploymentHref } from "@/lib/console/contract-amendments/list";
import { amendmentHref, CONTRACT_AMENDMENTS_PATH } from "@/lib/console/contract-amendments/links";
import { employmentHref } from "@/lib/console/employments/links";
import { loadForPage } from "@/lib/console/server/pages";
import { amendmentPageLoad } from "@/lib/console/server/contract-amendments/page-loads";
import { getEmployment } from "@/lib/console/server/employments/api";

export const metadata: Metadata = { title: "Contract amendment" };

/** One contract amendment, its employment named; in the sandbox it can be approved here. */
export default async function ContractAmendmentPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  const submitted = (await searchParams).submitted === "1";
  const returnTo = amendmentHref(id);
  // The [id] layout's load (it answered a missing amendment with a 404 already): no second call.
  const { api, scope, queryClient, loaded, managers } = await amendmentPageLoad(id);
  const [result] = await Promise.all([loadForPage(() => loaded, { returnTo, notFoundOn404: true }), managers]);
  const employment = result.ok ? await loadForPage(() => getEmployment(api, result.data.employment_id), { returnTo }) : null;
  const name = employment?.ok ? employment.data.full_name : null;
  return (
    <div className="mx-auto max-w-4xl">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <ol className="flex flex-wrap items-center gap-1.5 text-slate-600 dark:text-slate-400">
          <li>
            <Link href={CONTRACT_AMENDMENTS_PATH} className="underline-offset-2 hover:text-slate-900 hover:underline dark:hover:text-white">
              Contract amendments
            </Link>
          </li>
          {result.ok ? (
            <>
              <li aria-hidden="true">/</li>
              <li>
                <Link
                  href={amendmentsOfEmploymentHref(result.data.employment_id)}
                  className="underline-offset-2 hover:text-slate-900 hover:underline dark:hover:text-white"
                >
                  {name ?? "Employment"}
                </Link>
              </li>
            </>
          ) : null}
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-slate-900 dark:text-slate-100">
            Amendment
          </li>
        </ol>
      </nav>
      <PageHeader
        title={name ? `Contract amendment for ${name}` : "Contract amendment"}
        actions={
          result.ok ? (
            <ButtonLink href={employmentHref(result.data.employment_id)} variant="secondary">
              Open the employment
            </ButtonLink>
          ) : undefined
        }
      />
      {result.ok ? (
        <Hydrate client={queryClient}>
          <AmendmentDetail scope={scope} id={id} justSubmitted={submitted} />
        </Hydrate>
      ) : (
        <ErrorBanner
          error={result.error}
          operation="contract-amendments.read"
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
