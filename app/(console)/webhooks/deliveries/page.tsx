import type { Metadata } from "next";
import Link from "next/link";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { Hydrate } from "@/components/console/hydrate";
import { DeliveriesInspector } from "@/components/console/webhooks/deliveries-inspector";
import { PageHeader } from "@/components/ui/page-header";
import { loadListPage, type PageSearchParams } from "@/lib/console/server/pages";
import { getWebhookEvent, listAllWebhookCallbacks, listWebhookEvents } from "@/lib/console/server/webhooks/api";
import { WEBHOOKS_PATH } from "@/lib/console/webhooks/links";
import { deliveriesList } from "@/lib/console/webhooks/list";
import { allWebhookCallbacksQuery, webhookEventQuery, webhookEventsQuery } from "@/lib/queries/webhooks";

export const metadata: Metadata = { title: "Webhook deliveries" };

/**
 * The delivery log (GET /v1/webhook-events): the URL's page, the open delivery and the callbacks
 * that name each row are fetched here, then the inspector is interactive.
 */
export default async function WebhookDeliveriesPage({ searchParams }: PageSearchParams) {
  // Only the list's error is shown by the page; the others are fetched again, and shown, by their islands.
  const { scope, queryClient, initialError } = await loadListPage(deliveriesList, searchParams, {
    query: webhookEventsQuery,
    load: listWebhookEvents,
    also: ({ scope, api, state, prefetch }) => [
      scope.companyId === "partner" ? null : prefetch(allWebhookCallbacksQuery(scope), () => listAllWebhookCallbacks(api, scope.companyId)),
      state.delivery ? prefetch(webhookEventQuery(scope, state.delivery), () => getWebhookEvent(api, state.delivery)) : null,
    ],
  });
  const environmentLabel = ENVIRONMENT_LABELS[scope.environment];

  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <ol className="flex flex-wrap items-center gap-1.5 text-slate-600 dark:text-slate-400">
          <li>
            <Link href={WEBHOOKS_PATH} className="underline-offset-2 hover:text-slate-900 hover:underline dark:hover:text-white">
              Webhooks
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-slate-900 dark:text-slate-100">
            Deliveries
          </li>
        </ol>
      </nav>
      <PageHeader
        title="Webhook deliveries"
        description={`Every event sent to your callbacks in ${environmentLabel}, newest first: status, attempts, payload. Select deliveries to replay them.`}
      />
      <Hydrate client={queryClient}>
        <DeliveriesInspector scope={scope} environmentLabel={environmentLabel} initialError={initialError} />
      </Hydrate>
    </>
  );
}
