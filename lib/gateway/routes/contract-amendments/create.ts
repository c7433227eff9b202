import "server-only";
import { ContractAmendmentResponseSchema, CreateContractAmendmentBodySchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { createContractAmendment } from "../../services/contract-amendments";
import { COMMON_ERRORS } from "../employments/scopes";
import { CONTRACT_AMENDMENT_WRITE } from "./scopes";

// POST /v1/contract-amendments — requests a change to an employment's active contract (country form contract_amendment).
export const createContractAmendmentRoute = defineRoute({
  method: "post",
  path: "/v1/contract-amendments",
  operationId: "post_v1_contract_amendments",
  summary: "Create contract amendment",
  tag: "Contract amendments",
  auth: CONTRACT_AMENDMENT_WRITE,
  body: CreateContractAmendmentBodySchema,
  responses: {
    200: { description: "The submitted amendment", schema: ContractAmendmentResponseSchema },
    400: { description: "Malformed body or unknown property" },
    404: { description: "Employment not found" },
    409: { description: "Company not active" },
    422: { description: "Form validation failure, nothing changes, or the employment cannot be amended" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { body, principal }) =>
    c.json({ data: { contract_amendment: await createContractAmendment(c.get("deps"), principal, body) } }, 200),
});
