import "server-only";
import { ContractAmendmentAutomatableResponseSchema, CreateContractAmendmentBodySchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { checkAutomatable } from "../../services/contract-amendments";
import { COMMON_ERRORS } from "../employments/scopes";
import { CONTRACT_AMENDMENT_CHECK } from "./scopes";

// POST /v1/contract-amendments/automatable — whether an amendment could apply without review; stores nothing.
export const contractAmendmentAutomatableRoute = defineRoute({
  method: "post",
  path: "/v1/contract-amendments/automatable",
  operationId: "post_v1_contract_amendments_automatable",
  summary: "Check whether a contract amendment is automatable",
  tag: "Contract amendments",
  auth: CONTRACT_AMENDMENT_CHECK,
  body: CreateContractAmendmentBodySchema,
  responses: {
    200: { description: "The verdict", schema: ContractAmendmentAutomatableResponseSchema },
    400: { description: "Malformed body or unknown property" },
    404: { description: "Employment not found" },
    409: { description: "Company not active" },
    422: { description: "The amendment itself is invalid" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { body, principal }) => c.json({ data: await checkAutomatable(c.get("deps"), principal, body) }),
});
