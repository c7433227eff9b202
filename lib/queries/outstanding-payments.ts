import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { OutstandingPaymentListResponseSchema } from "@/lib/contract";
import { bffFetch } from "@/lib/console/bff-client";
import { paymentQueryToSearch, type PaymentListApiQuery } from "@/lib/console/outstanding-payments/url-state";
import { scopeKey, withScope, type QueryScope } from "./scope";

// Outstanding payments and refunds, shared by server prefetch and client islands.

export type PaymentPage = z.infer<typeof OutstandingPaymentListResponseSchema>["data"];
/** A page, or null when the API has no such list (the provider: lib/console/outstanding-payments/api.ts). */
export type PaymentPageOrUnavailable = PaymentPage | null;

export const paymentKeys = {
  all: (s: QueryScope) => ["outstanding-payments", ...scopeKey(s)] as const,
  list: (s: QueryScope, q: PaymentListApiQuery) => [...paymentKeys.all(s), "list", q] as const,
};

export const paymentListQuery = (scope: QueryScope, q: PaymentListApiQuery) =>
  queryOptions({
    queryKey: paymentKeys.list(scope, q),
    queryFn: ({ signal }) =>
      bffFetch<PaymentPageOrUnavailable>(withScope(`/api/bff/outstanding-payments?${paymentQueryToSearch(q)}`, scope), { signal }),
  });
