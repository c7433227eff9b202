import "server-only";
import { OutstandingPaymentListResponseSchema } from "@/lib/contract";
import type { ApiClient } from "@/lib/console/server/api-client";
import { ApiRequestError } from "@/lib/console/api-errors";
import { readList } from "@/lib/console/api-read";
import type { PaymentPageOrUnavailable } from "@/lib/queries/outstanding-payments";

// GET /api/v1/employer/outstanding-payments-and-refunds over the console's typed client (the path as
// spec 4.2 writes it). The provider's current API has no such operation, nor an equivalent (its
// billing documents carry no payment state or due date): against it the route answers 404, and the
// page says the list is not available on this API (docs/decisions/contract-console-reads.md).

const PaymentListReadSchema = readList("outstanding_payments_and_refunds", OutstandingPaymentListResponseSchema);

/** A page of outstanding payments and refunds, or null when the API has no such list (404). */
/** `q`: page, page_size, and sort_by, sort_order, type when set (the API's defaults otherwise). */
export async function listOutstandingPayments(
  api: ApiClient,
  q: { page: number; page_size: number; sort_by?: string; sort_order?: string; type?: string },
): Promise<PaymentPageOrUnavailable> {
  try {
    const r = await api.json(PaymentListReadSchema, "GET", "api/v1/employer/outstanding-payments-and-refunds", { query: { ...q } });
    return r.data;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}
