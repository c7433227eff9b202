import type { Metadata } from "next";
import { ENVIRONMENT_LABELS } from "@/components/console/environment-badge";
import { Hydrate } from "@/components/console/hydrate";
import { PaymentsList } from "@/components/console/outstanding-payments/payments-list";
import { PageHeader } from "@/components/ui/page-header";
import { loadListPage, type PageSearchParams } from "@/lib/console/server/pages";
import { listOutstandingPayments } from "@/lib/console/server/outstanding-payments/api";
import { paymentsList } from "@/lib/console/outstanding-payments/list";
import { paymentListQuery, toPaymentListPage } from "@/lib/queries/outstanding-payments";

export const metadata: Metadata = { title: "Outstanding payments" };

/** Unsettled invoices and refunds (GET /api/v1/employer/outstanding-payments-and-refunds). */
export default async function OutstandingPaymentsPage({ searchParams }: PageSearchParams) {
  const { scope, queryClient, initialError } = await loadListPage(paymentsList, searchParams, {
    query: paymentListQuery,
    load: (api, apiQuery) => listOutstandingPayments(api, apiQuery).then(toPaymentListPage),
  });
  const environmentLabel = ENVIRONMENT_LABELS[scope.environment];
  return (
    <>
      <PageHeader
        title="Outstanding payments"
        description={`Invoices the company has not paid yet and refunds it has not received, in ${environmentLabel}. Amounts are always positive: the type says which way the money goes.`}
      />
      <Hydrate client={queryClient}>
        <PaymentsList scope={scope} environmentLabel={environmentLabel} initialError={initialError} />
      </Hydrate>
    </>
  );
}
