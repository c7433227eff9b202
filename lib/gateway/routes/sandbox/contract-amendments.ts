import "server-only";
import { ContractAmendmentResponseSchema, OkEnvelopeSchema, SandboxUpdateContractAmendmentBodySchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { sandboxUpdateContractAmendment } from "../../services/contract-amendments";
import { CONTRACT_AMENDMENT_WRITE } from "../contract-amendments/scopes";
import { COMMON_ERRORS } from "../employments/scopes";

const responses = {
  200: { description: "The amendment after the change", schema: ContractAmendmentResponseSchema },
  404: { description: "Not found, or called on production" },
  422: { description: "Status change not allowed from the current status" },
  ...COMMON_ERRORS,
};

// PATCH /v1/sandbox/contract-amendments/{contract_amendment_id} — sandbox only: in_review, done (applies it, contract_amendment.done) or canceled.
export const sandboxUpdateContractAmendmentRoute = defineRoute({
  method: "patch",
  path: "/v1/sandbox/contract-amendments/{contract_amendment_id}",
  operationId: "patch_v1_sandbox_contract_amendments_contract_amendment_id",
  summary: "Move a contract amendment along in sandbox",
  tag: "Sandbox",
  auth: CONTRACT_AMENDMENT_WRITE,
  sandboxOnly: true,
  body: SandboxUpdateContractAmendmentBodySchema,
  responses: { ...responses, 400: { description: "Malformed body or unknown property" } },
  handler: async (c, { body, params, principal }) =>
    c.json({
      data: { contract_amendment: await sandboxUpdateContractAmendment(c.get("deps"), principal, params.contract_amendment_id!, body) },
    }),
});

// PUT /v1/sandbox/contract-amendments/{contract_amendment_id}/approve — sandbox only, the provider's path: same as status done.
export const sandboxApproveContractAmendmentRoute = defineRoute({
  method: "put",
  path: "/v1/sandbox/contract-amendments/{contract_amendment_id}/approve",
  operationId: "put_v1_sandbox_contract_amendments_contract_amendment_id_approve",
  summary: "Approve a contract amendment in sandbox",
  tag: "Sandbox",
  auth: CONTRACT_AMENDMENT_WRITE,
  sandboxOnly: true,
  responses,
  handler: async (c, { params, principal }) =>
    c.json({
      data: {
        contract_amendment: await sandboxUpdateContractAmendment(c.get("deps"), principal, params.contract_amendment_id!, {
          status: "done",
        }),
      },
    }),
});

// PUT /v1/sandbox/contract-amendments/{contract_amendment_id}/cancel — sandbox only, the provider's path:
// same as status canceled, answered with the provider's SuccessResponse.
export const sandboxCancelContractAmendmentRoute = defineRoute({
  method: "put",
  path: "/v1/sandbox/contract-amendments/{contract_amendment_id}/cancel",
  operationId: "put_v1_sandbox_contract_amendments_contract_amendment_id_cancel",
  summary: "Cancel a contract amendment in sandbox",
  tag: "Sandbox",
  auth: CONTRACT_AMENDMENT_WRITE,
  sandboxOnly: true,
  responses: { ...responses, 200: { description: "Canceled", schema: OkEnvelopeSchema } },
  handler: async (c, { params, principal }) => {
    await sandboxUpdateContractAmendment(c.get("deps"), principal, params.contract_amendment_id!, { status: "canceled" });
    return c.json({ data: { status: "ok" as const } });
  },
});
