"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Button, ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { ErrorBanner } from "@/components/console/error-banner";
import { StartOffboardingButton } from "@/components/console/offboardings/start-offboarding-button";
import type { Employment } from "@/lib/contract";
import { updateAvailability } from "@/lib/console/employments/availability";
import { formSections, groupEmploymentFields } from "@/lib/console/employments/detail-groups";
import { toErrorPayload } from "@/lib/console/errors/present";
import { EMPLOYMENTS_PATH, employmentEditHref } from "@/lib/console/employments/links";
import { onboardingProgress } from "@/lib/console/employments/onboarding";
import { employmentDetailQuery } from "@/lib/queries/employments";
import type { QueryScope } from "@/lib/queries/scope";
import { LifecycleBadge, ModelBadge, StatusBadge, TypeBadge } from "./badges";
import { CountryInline, FieldGroupCard, FilesCard, FormSectionsCard, LifecycleCard, OnboardingCard } from "./detail-sections";

/** The employment page, interactive: reads the employment the server prefetched (same key). */
export function EmploymentDetail({ scope, id }: { scope: QueryScope; id: string }) {
  const query = useQuery(employmentDetailQuery(scope, id));
  if (!query.data) {
    // Only reachable when the server could not prefetch (the page renders its own error then).
    return query.isError ? <ErrorBanner error={toErrorPayload(query.error)} role="alert" /> : null;
  }
  return (
    <>
      {query.isError ? (
        <ErrorBanner
          className="mb-4"
          error={toErrorPayload(query.error)}
          role="alert"
          actions={
            <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        />
      ) : null}
      <EmploymentDetailView employment={query.data} />
    </>
  );
}

export function EmploymentDetailView({ employment: e }: { employment: Employment }) {
  const update = updateAvailability(e);
  const groups = groupEmploymentFields(e);
  return (
    <div className="space-y-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex items-center gap-1.5 text-slate-600 dark:text-slate-400">
          <li>
            <Link href={EMPLOYMENTS_PATH} className="underline-offset-2 hover:text-slate-900 hover:underline dark:hover:text-white">
              Employments
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="truncate text-slate-900 dark:text-slate-100">
            {e.full_name}
          </li>
        </ol>
      </nav>

      <PageHeader
        title={e.full_name}
        description={
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span>{e.job_title ?? "No job title"}</span>
            <span aria-hidden="true">·</span>
            <CountryInline country={e.country} />
            {e.short_id ? (
              <>
                <span aria-hidden="true">·</span>
                <span>
                  <span className="sr-only">Short ID </span>
                  <code className="font-mono text-xs">{e.short_id}</code>
                </span>
              </>
            ) : null}
          </span>
        }
        actions={
          <>
            {update.available ? (
              <ButtonLink href={employmentEditHref(e.id)} variant="primary">
                Edit employment
              </ButtonLink>
            ) : null}
            <StartOffboardingButton employment={e} />
          </>
        }
      >
        <div className="mt-3 flex flex-wrap gap-1.5">
          <StatusBadge status={e.status} />
          <TypeBadge type={e.type} />
          <ModelBadge model={e.employment_model} />
          <LifecycleBadge stage={e.employment_lifecycle_stage} />
        </div>
      </PageHeader>

      {!update.available ? (
        <Alert tone="info" title="Read-only employment">
          <p>{update.reason}</p>
          <p>Editing, invitations and form submissions aren&apos;t offered for it.</p>
        </Alert>
      ) : null}

      <LifecycleCard employment={e} />

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <OnboardingCard progress={onboardingProgress(e)} />
        <div className="space-y-6">
          {groups
            .filter((g) => g.id === "employment" || g.id === "identity")
            .map((g) => (
              <FieldGroupCard key={g.id} group={g} />
            ))}
        </div>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-2">
        {groups
          .filter((g) => g.id !== "employment" && g.id !== "identity")
          .map((g) => (
            <FieldGroupCard key={g.id} group={g} />
          ))}
      </div>

      <FilesCard files={e.files} />
      <FormSectionsCard sections={formSections(e)} />
    </div>
  );
}
