import { bffHandler } from "@/lib/console/server/bff";
import { paymentsList } from "@/lib/console/outstanding-payments/list";
import { listOutstandingPayments } from "@/lib/console/server/outstanding-payments/api";
import { listQueryOf } from "@/lib/console/server/people-ops/bff";

// GET /api/bff/outstanding-payments — one page of outstanding payments and refunds
// (GET /api/v1/employer/outstanding-payments-and-refunds), filtered by type and sorted by any column
// (the API's own sorts passed on, the others across all pages: lib/console/server/list/sorted.ts).

export const GET = bffHandler(async ({ api, req }) => listOutstandingPayments(api, listQueryOf(paymentsList, req)));
