import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ErrorBanner } from "@/components/console/error-banner";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { SectionFormContainer } from "@/components/forms/section-form-container";
import { sectionUnavailableReason } from "@/components/forms/section-availability";
import { SECTION_LABELS, formPageSubtitle, sectionValues } from "@/components/forms/section-labels";
import { EMPLOYMENTS_PATH, employmentHref } from "@/lib/console/employments/links";
import { loadForPage } from "@/lib/console/server/pages";
import { formForSection, sectionForForm } from "@/lib/forms";
import { getForm } from "@/lib/console/server/countries/api";
import { employmentPageLoads } from "@/lib/console/server/employments/page-loads";

export const metadata: Metadata = { title: "Employment form" };

/**
 * One country-form section of an employment (`/employments/{id}/forms/{section}`; a form name such
 * as employment_basic_information is accepted too): the employment and the country's form are
 * loaded here, the client container submits through the BFF.
 */
export default async function EmploymentFormPage({ params }: { params: Promise<{ id: string; form: string }> }) {
  const { id, form: param } = await params;
  const section = sectionForForm(decodeURIComponent(param));
  if (!section) notFound();
  const formName = formForSection(section)!;
  const label = SECTION_LABELS[section];
  const returnTo = `${employmentHref(id)}/forms/${encodeURIComponent(param)}`;
  // The [id] layout's load (it answered a missing employment with a 404 already): no second call.
  const { api, scope, loads } = await employmentPageLoads(id);
  const employment = await loadForPage(() => loads.employment.loaded, { returnTo, notFoundOn404: true });
  const name = employment.ok ? employment.data.full_name : "Employment";
  const unavailable = employment.ok ? sectionUnavailableReason(employment.data, section) : null;
  const country = employment.ok ? employment.data.country : null;
  const schema =
    employment.ok && !unavailable && country ? await loadForPage(() => getForm(api, country.code, formName), { returnTo }) : null;

  return (
    <div className="mx-auto max-w-3xl">
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
            {label}
          </li>
        </ol>
      </nav>
      <PageHeader title={label} description={country ? formPageSubtitle(name, country.name, label) : undefined} />
      {!employment.ok ? (
        <ErrorBanner
          error={employment.error}
          actions={
            <ButtonLink href={returnTo} size="sm">
              Try again
            </ButtonLink>
          }
        />
      ) : unavailable ? (
        <Alert
          tone="info"
          title={`The ${label.toLowerCase()} can't be changed`}
          actions={
            <ButtonLink href={employmentHref(id)} size="sm">
              Back to {name}
            </ButtonLink>
          }
        >
          <p>{unavailable}</p>
        </Alert>
      ) : schema && !schema.ok ? (
        <ErrorBanner
          error={schema.error}
          actions={
            <>
              <ButtonLink href={returnTo} size="sm">
                Try again
              </ButtonLink>
              <ButtonLink href={employmentHref(id)} size="sm" variant="ghost">
                Back to {name}
              </ButtonLink>
            </>
          }
        />
      ) : schema ? (
        <Card>
          <CardBody className="py-6">
            <SectionFormContainer
              scope={scope}
              employmentId={id}
              section={section}
              schema={schema.data}
              initialValues={sectionValues(employment.data, section)}
              savedNote={
                <p>
                  The API accepted the {label.toLowerCase()}.{" "}
                  <Link href={employmentHref(id)} className="font-medium underline underline-offset-2 hover:no-underline">
                    Back to {name}
                  </Link>
                </p>
              }
            />
          </CardBody>
        </Card>
      ) : null}
    </div>
  );
}
