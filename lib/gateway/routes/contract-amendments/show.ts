import "server-only";
import { ContractAmendmentResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { showContractAmendment } from "../../services/contract-amendments";
import { COMMON_ERRORS } from "../employments/scopes";
import { CONTRACT_AMENDMENT_READ } from "./scopes";

// GET /v1/contract-amendments/{contract_amendment_id} — one amendment with its changes and requested details.
export const showContractAmendmentRoute = defineRoute({
  method: "get",
  path: "/v1/contract-amendments/{contract_amendment_id}",
  operationId: "get_v1_contract_amendments_contract_amendment_id",
  summary: "Show contract amendment",
  tag: "Contract amendments",
  auth: CONTRACT_AMENDMENT_READ,
  responses: {
    200: { description: "The amendment", schema: ContractAmendmentResponseSchema },
    404: { description: "Not found" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { params, principal }) =>
    c.json({
      data: { contract_amendment: await showContractAmendment(c.get("deps"), principal.companyId!, params.contract_amendment_id!) },
    }),
});
