import "server-only";
import { OutstandingPaymentListResponseSchema } from "@/lib/contract";
import type { ApiClient } from "@/lib/console/api-client";
import type { PaymentListApiQuery } from "./url-state";

// GET /api/v1/employer/outstanding-payments-and-refunds over the console's typed client (the path as
// spec 4.2 writes it).

export const listOutstandingPayments = (api: ApiClient, q: PaymentListApiQuery) =>
  api
    .json(OutstandingPaymentListResponseSchema, "GET", "api/v1/employer/outstanding-payments-and-refunds", { query: { ...q } })
    .then((r) => r.data);
