import "server-only";
import { OutstandingPaymentListResponseSchema } from "@/lib/contract";
import type { ApiClient } from "@/lib/console/server/api-client";
import { ApiRequestError } from "@/lib/console/api-errors";
import { readList } from "@/lib/console/api-read";
import { isApiPaymentSort, paymentSortAccessors, type PaymentListApiQuery } from "@/lib/console/outstanding-payments/list";
import { sortedPage } from "@/lib/console/server/list/sorted";
import type { PaymentPage, PaymentPageOrUnavailable } from "@/lib/queries/outstanding-payments";

// GET /api/v1/employer/outstanding-payments-and-refunds over the console's typed client (the path as
// spec 4.2 writes it). The provider's current API has no such operation, nor an equivalent (its
// billing documents carry no payment state or due date): against it the route answers 404, and the
// page says the list is not available on this API (docs/decisions/contract-console-reads.md).

const PaymentListReadSchema = readList("outstanding_payments_and_refunds", OutstandingPaymentListResponseSchema);

class Unavailable extends Error {}

/**
 * A page of outstanding payments and refunds, or null when the API has no such list (404). The API
 * sorts by due date and invoice period itself (`sort_by` / `sort_order`); any other column is sorted
 * by the console across the pages (lib/console/server/list/sorted.ts).
 */
export async function listOutstandingPayments(api: ApiClient, q: PaymentListApiQuery): Promise<PaymentPageOrUnavailable> {
  const { sort, order, ...filters } = q;
  const apiSort = sort && isApiPaymentSort(sort) ? { sort_by: sort, sort_order: order ?? "asc" } : {};
  const read = async (page: number, pageSize: number): Promise<PaymentPage> => {
    try {
      const r = await api.json(PaymentListReadSchema, "GET", "api/v1/employer/outstanding-payments-and-refunds", {
        query: { ...filters, ...apiSort, page, page_size: pageSize },
      });
      return r.data;
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) throw new Unavailable();
      throw error;
    }
  };
  try {
    if (!sort || isApiPaymentSort(sort)) return await read(q.page, q.page_size);
    return await sortedPage({
      query: q,
      itemsKey: "outstanding_payments_and_refunds",
      accessors: paymentSortAccessors,
      read,
      idOf: (p) => p.id,
    });
  } catch (error) {
    if (error instanceof Unavailable) return null;
    throw error;
  }
}
