import "server-only";
import { ContractAmendmentListQuerySchema, ContractAmendmentListResponseSchema } from "@/lib/contract";
import { pageParams } from "../../pagination";
import { defineRoute } from "../../route";
import { listContractAmendments } from "../../services/contract-amendments";
import { COMMON_ERRORS } from "../employments/scopes";
import { CONTRACT_AMENDMENT_READ } from "./scopes";

// GET /v1/contract-amendments — the company's amendments, newest first, filtered by employment and status.
export const listContractAmendmentsRoute = defineRoute({
  method: "get",
  path: "/v1/contract-amendments",
  operationId: "get_v1_contract_amendments",
  summary: "List contract amendments",
  tag: "Contract amendments",
  auth: CONTRACT_AMENDMENT_READ,
  query: ContractAmendmentListQuerySchema,
  responses: {
    200: { description: "A page of amendments", schema: ContractAmendmentListResponseSchema },
    400: { description: "Invalid query" },
    404: { description: "employment_id names no employment of the company" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { query, principal }) =>
    c.json(await listContractAmendments(c.get("deps").db, principal.companyId!, query, pageParams(query))),
});
