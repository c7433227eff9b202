import "server-only";
import {
  MessageErrorSchema,
  WebhookCallbackDetailListQuerySchema,
  WebhookCallbackDetailListResponseSchema,
  WebhookCallbackListResponseSchema,
} from "@/lib/contract";
import { badRequest } from "../../errors";
import { pageParams } from "../../pagination";
import { defineRoute } from "../../route";
import { listCompanyWebhookCallbacks, listWebhookCallbacks } from "../../services/webhooks";
import { COMMON_ERRORS, WEBHOOK_READ } from "./scopes";

// GET /v1/companies/{company_id}/webhook-callbacks — the caller's callbacks receiving this company's
// events, as the provider answers it: `{data: [WebhookCallback]}`, every callback, no pagination.
export const listWebhookCallbacksRoute = defineRoute({
  method: "get",
  path: "/v1/companies/{company_id}/webhook-callbacks",
  operationId: "get_v1_companies_company_id_webhook_callbacks",
  summary: "List webhook callbacks",
  tag: "Webhooks",
  auth: WEBHOOK_READ,
  responses: {
    200: { description: "The callbacks (never their signing keys)", schema: WebhookCallbackListResponseSchema },
    404: { description: "Not this token's company, or a company that did not consent to this client" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { params, principal }) =>
    c.json(
      WebhookCallbackListResponseSchema.parse({ data: await listCompanyWebhookCallbacks(c.get("deps"), principal, params.company_id!) }),
    ),
});

// GET /v1/webhook-callbacks — Roster-only (the provider has no such list): a page of the callbacks
// receiving a company's events, with their company and dates, for the console's callbacks page.
export const listWebhookCallbackDetailsRoute = defineRoute({
  method: "get",
  path: "/v1/webhook-callbacks",
  operationId: "get_v1_webhook_callbacks",
  summary: "List webhook callbacks with their company and dates (Roster)",
  tag: "Webhooks",
  auth: WEBHOOK_READ,
  query: WebhookCallbackDetailListQuerySchema,
  responses: {
    200: { description: "A page of callbacks (never their signing keys)", schema: WebhookCallbackDetailListResponseSchema },
    400: { description: "Invalid company_id, page or page_size; company_id missing for a client token", schema: MessageErrorSchema },
    404: { description: "Not this token's company, or a company that did not consent to this client" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { query, principal }) => {
    const companyId = query.company_id ?? principal.companyId;
    if (!companyId) throw badRequest("company_id is required with a client token");
    return c.json(
      WebhookCallbackDetailListResponseSchema.parse(await listWebhookCallbacks(c.get("deps"), principal, companyId, pageParams(query))),
    );
  },
});
