import type { Metadata } from "next";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { Hydrate } from "@/components/console/hydrate";
import { CallbacksManager } from "@/components/console/webhooks/callbacks-manager";
import { TestEventCard } from "@/components/console/webhooks/test-event-card";
import { Alert } from "@/components/ui/alert";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { loadListPage, type PageSearchParams } from "@/lib/console/server/pages";
import { listWebhookCallbacks } from "@/lib/console/server/webhooks/api";
import { TEST_EVENT_EMPLOYMENTS_QUERY } from "@/lib/console/webhooks/test-event-form";
import { WEBHOOK_DELIVERIES_PATH } from "@/lib/console/webhooks/links";
import { callbacksList } from "@/lib/console/webhooks/list";
import { employmentListQuery } from "@/lib/queries/employments";
import { webhookCallbacksQuery } from "@/lib/queries/webhooks";
import { listEmployments } from "@/lib/console/server/employments/api";

export const metadata: Metadata = { title: "Webhooks" };

/** The company's webhook callbacks: the URL's page is fetched here, then the page is interactive. */
export default async function WebhooksPage({ searchParams }: PageSearchParams) {
  const page = await loadListPage(callbacksList, searchParams, {
    // Callbacks are listed per company (GET /v1/companies/{company_id}/webhook-callbacks).
    perCompany: true,
    query: webhookCallbacksQuery,
    load: (api, apiQuery, scope) => listWebhookCallbacks(api, scope.companyId, apiQuery),
    // The test event's employment picker (sandbox only); a failure is shown by the card when it retries.
    also: ({ scope, api, prefetch }) => [
      scope.environment === "sandbox"
        ? prefetch(employmentListQuery(scope, TEST_EVENT_EMPLOYMENTS_QUERY), () => listEmployments(api, TEST_EVENT_EMPLOYMENTS_QUERY))
        : null,
    ],
  });
  const { scope } = page;
  const environmentLabel = ENVIRONMENT_LABELS[scope.environment];
  const sandbox = scope.environment === "sandbox";
  const header = (
    <PageHeader
      title="Webhooks"
      description={`The URLs that receive this company's events in ${environmentLabel}, signed with their own keys.`}
      actions={<ButtonLink href={WEBHOOK_DELIVERIES_PATH}>Delivery log</ButtonLink>}
    />
  );

  if (page.noCompany) {
    return (
      <>
        {header}
        <Alert tone="info" title="No company selected">
          <p>
            This session acts for no company. Webhook callbacks are registered and listed per company: sign in for a company to manage them.
          </p>
        </Alert>
      </>
    );
  }

  return (
    <>
      {header}
      <Hydrate client={page.queryClient}>
        <div className={sandbox ? "grid grid-cols-1 items-start gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]" : undefined}>
          <CallbacksManager scope={scope} environmentLabel={environmentLabel} initialError={page.initialError} />
          {sandbox ? <TestEventCard scope={scope} /> : null}
        </div>
      </Hydrate>
    </>
  );
}
