import "server-only";
import { MessageErrorSchema, PaginationQuerySchema, WebhookCallbackListResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { listWebhookCallbacks } from "../../services/webhooks";
import { COMMON_ERRORS, WEBHOOK_READ } from "./scopes";

// GET /v1/companies/{company_id}/webhook-callbacks — the caller's callbacks receiving this company's events.
export const listWebhookCallbacksRoute = defineRoute({
  method: "get",
  path: "/v1/companies/{company_id}/webhook-callbacks",
  operationId: "get_v1_companies_company_id_webhook_callbacks",
  summary: "List webhook callbacks",
  tag: "Webhooks",
  auth: WEBHOOK_READ,
  query: PaginationQuerySchema,
  responses: {
    200: { description: "A page of callbacks (never their signing keys)", schema: WebhookCallbackListResponseSchema },
    400: { description: "Invalid page or page_size", schema: MessageErrorSchema },
    404: { description: "Not this token's company, or a company that did not consent to this client" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { query, params, principal }) =>
    c.json(
      WebhookCallbackListResponseSchema.parse({
        data: await listWebhookCallbacks(c.get("deps"), principal, {
          companyId: params.company_id!,
          page: query.page,
          pageSize: query.page_size,
        }),
      }),
    ),
});
