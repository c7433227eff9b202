import "server-only";
import { OutstandingPaymentListQuerySchema, OutstandingPaymentListResponseSchema } from "@/lib/contract";
import { pageParams } from "../../pagination";
import { defineRoute, type RouteAuth } from "../../route";
import { listOutstandingPayments } from "../../services/outstanding-payments";
import { COMMON_ERRORS } from "../employments/scopes";

/** `invoices:read`, or the broad `invoices` scope (docs/decisions/areas-payroll-scopes.md). */
const INVOICES_READ: RouteAuth = { kind: "scoped", scopes: ["invoices:read", "invoices"], company: true };

// GET /api/v1/employer/outstanding-payments-and-refunds — unsettled invoices and refunds, sorted by due date or invoice_period.
export const listOutstandingPaymentsRoute = defineRoute({
  method: "get",
  path: "/api/v1/employer/outstanding-payments-and-refunds",
  operationId: "get_api_v1_employer_outstanding_payments_and_refunds",
  summary: "List outstanding payments and refunds",
  tag: "Billing",
  auth: INVOICES_READ,
  query: OutstandingPaymentListQuerySchema,
  responses: {
    200: { description: "A page of outstanding payments and refunds", schema: OutstandingPaymentListResponseSchema },
    400: { description: "Invalid query (sort_by, sort_order, type, page, page_size)" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { query, principal }) => {
    const deps = c.get("deps");
    return c.json(await listOutstandingPayments(deps.db, principal.companyId!, query, pageParams(query), deps.clock.now()));
  },
});
