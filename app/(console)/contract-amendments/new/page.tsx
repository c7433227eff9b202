import type { Metadata } from "next";
import Link from "next/link";
import { NewAmendmentContainer } from "@/components/console/contract-amendments/new-amendment-container";
import { ErrorBanner } from "@/components/console/error-banner";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { Field, Select } from "@/components/ui/field";
import { formPageSubtitle } from "@/components/forms/section-labels";
import { PageHeader } from "@/components/ui/page-header";
import { getAmendmentForm } from "@/lib/console/server/contract-amendments/api";
import { amendable, amendmentUnavailableReason } from "@/lib/console/contract-amendments/create";
import { amendmentsOfEmploymentHref } from "@/lib/console/contract-amendments/list";
import { CONTRACT_AMENDMENTS_PATH, newAmendmentHref } from "@/lib/console/contract-amendments/links";
import { employmentHref } from "@/lib/console/employments/links";
import { getPageApi, loadForPage } from "@/lib/console/server/pages";
import { EMPLOYMENT_DIRECTORY_QUERY, employmentOptions } from "@/lib/console/payslips/employment-directory";
import { employmentIdParam } from "@/lib/console/payslips/employment-id-param";
import { getEmployment, listEmployments } from "@/lib/console/server/employments/api";

export const metadata: Metadata = { title: "New contract amendment" };

/**
 * Request a contract amendment for an employment, through its country's `contract_amendment` form
 * (GET /v1/countries/{code}/contract_amendment, rendered by the RJSF adapter). Without an employment
 * in the URL, the page asks which one first (a plain GET form: it works before hydration too).
 */
export default async function NewContractAmendmentPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const raw = (await searchParams).employment_id;
  const employmentId = employmentIdParam.parse((Array.isArray(raw) ? raw[0] : raw) ?? "");
  const returnTo = newAmendmentHref(employmentId || undefined);
  const { api, scope } = await getPageApi(returnTo);

  const breadcrumb = (name: string | null) => (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-1.5 text-slate-600 dark:text-slate-400">
        <li>
          <Link href={CONTRACT_AMENDMENTS_PATH} className="underline-offset-2 hover:text-slate-900 hover:underline dark:hover:text-white">
            Contract amendments
          </Link>
        </li>
        {name && employmentId ? (
          <>
            <li aria-hidden="true">/</li>
            <li>
              <Link
                href={amendmentsOfEmploymentHref(employmentId)}
                className="underline-offset-2 hover:text-slate-900 hover:underline dark:hover:text-white"
              >
                {name}
              </Link>
            </li>
          </>
        ) : null}
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="text-slate-900 dark:text-slate-100">
          New
        </li>
      </ol>
    </nav>
  );

  if (!employmentId) {
    const list = await loadForPage(() => listEmployments(api, EMPLOYMENT_DIRECTORY_QUERY), { returnTo });
    const options = list.ok ? employmentOptions(list.data.employments, { filter: amendable }) : [];
    return (
      <div className="mx-auto max-w-2xl">
        {breadcrumb(null)}
        <PageHeader
          title="New contract amendment"
          description="A change to an employment's active contract: salary, job title, working hours or time off."
        />
        {!list.ok ? (
          <ErrorBanner error={list.error} />
        ) : (
          <Card>
            <CardBody className="py-6">
              <form method="get" action={`${CONTRACT_AMENDMENTS_PATH}/new`} className="space-y-4">
                <Field
                  id="amendment-employment"
                  label="Employment"
                  description="EOR employees that are not leaving. The form is the one of the employment's country."
                >
                  {(aria) => (
                    <Select {...aria} name="employment_id" required defaultValue="">
                      <option value="" disabled>
                        Choose an employment…
                      </option>
                      {options.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                <Button type="submit">Continue</Button>
              </form>
            </CardBody>
          </Card>
        )}
      </div>
    );
  }

  const employment = await loadForPage(() => getEmployment(api, employmentId), { returnTo });
  const e = employment.ok ? employment.data : null;
  // The API requires the active contract's id (amendment_contract_id), as the provider does.
  const unavailable = e
    ? (amendmentUnavailableReason(e) ?? (e.active_contract_id ? null : "The employment has no active contract to amend."))
    : null;
  const schema = e?.country && !unavailable ? await loadForPage(() => getAmendmentForm(api, e.country!.code), { returnTo }) : null;

  return (
    <div className="mx-auto max-w-3xl">
      {breadcrumb(e?.full_name ?? null)}
      <PageHeader
        title="New contract amendment"
        description={
          e ? formPageSubtitle(`${e.full_name}${e.job_title ? `, ${e.job_title}` : ""}`, e.country?.name, "Contract amendment") : undefined
        }
      />
      {!employment.ok ? (
        <ErrorBanner
          error={employment.error}
          actions={
            <ButtonLink href={newAmendmentHref()} size="sm">
              Choose another employment
            </ButtonLink>
          }
        />
      ) : unavailable ? (
        <Alert
          tone="info"
          title="This contract can't be amended"
          actions={
            <ButtonLink href={employmentHref(employmentId)} size="sm">
              Back to {e?.full_name}
            </ButtonLink>
          }
        >
          <p>{unavailable}</p>
        </Alert>
      ) : schema && !schema.ok ? (
        <ErrorBanner
          error={schema.error}
          operation="contract-amendments.write"
          actions={
            <ButtonLink href={returnTo} size="sm">
              Try again
            </ButtonLink>
          }
        />
      ) : schema ? (
        <Card>
          <CardBody className="py-6">
            <p className="mb-5 text-sm text-slate-600 dark:text-slate-400">
              Fill in only what changes: at least one of the salary, the job title, the work schedule or the paid time off. The API compares
              it with the current contract.
            </p>
            <NewAmendmentContainer scope={scope} employmentId={employmentId} contractId={e!.active_contract_id!} schema={schema.data} />
          </CardBody>
        </Card>
      ) : null}
    </div>
  );
}
