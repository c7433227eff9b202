import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { OutstandingPaymentListResponseSchema } from "@/lib/contract";
import type { SortInfo } from "@/lib/console/list";
import { bffFetch } from "@/lib/console/bff-client";
import { paymentsList, type PaymentListApiQuery } from "@/lib/console/outstanding-payments/list";
import { scopeKey, withScope, type QueryScope } from "./scope";

// Outstanding payments and refunds, shared by server prefetch and client islands.

/** A page (with how the console sorted it, when it did: lib/console/server/list/sorted.ts). */
export type PaymentPage = z.infer<typeof OutstandingPaymentListResponseSchema>["data"] & { sort?: SortInfo };
/** A page, or null when the API has no such list (the provider: lib/console/server/outstanding-payments/api.ts). */
export type PaymentPageOrUnavailable = PaymentPage | null;
/** What the list caches: a page, marked unavailable (and empty) when the API has no such list. */
export type PaymentListPage = PaymentPage & { available: boolean };

const UNAVAILABLE: PaymentListPage = {
  outstanding_payments_and_refunds: [],
  current_page: 1,
  total_count: 0,
  total_pages: 0,
  available: false,
};
/** The cached form of an API answer (server prefetch and BFF fetch alike, so both cache the same shape). */
export const toPaymentListPage = (page: PaymentPageOrUnavailable): PaymentListPage => (page ? { ...page, available: true } : UNAVAILABLE);

export const paymentKeys = {
  all: (s: QueryScope) => ["outstanding-payments", ...scopeKey(s)] as const,
  list: (s: QueryScope, q: PaymentListApiQuery) => [...paymentKeys.all(s), "list", q] as const,
};

export const paymentListQuery = (scope: QueryScope, q: PaymentListApiQuery) =>
  queryOptions({
    queryKey: paymentKeys.list(scope, q),
    queryFn: ({ signal }) =>
      bffFetch<PaymentPageOrUnavailable>(withScope(`/api/bff/outstanding-payments?${paymentsList.apiSearch(q)}`, scope), { signal }).then(
        toPaymentListPage,
      ),
  });
