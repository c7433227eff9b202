import "server-only";
import { ContractPendingChangesResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { listPendingChanges } from "../../services/contract-amendments";
import { COMMON_ERRORS } from "../employments/scopes";
import { CONTRACT_PENDING_READ } from "./scopes";

// GET /v1/employment-contracts/{employment_id}/pending-changes — the open amendments of an employment's contract.
export const contractPendingChangesRoute = defineRoute({
  method: "get",
  path: "/v1/employment-contracts/{employment_id}/pending-changes",
  operationId: "get_v1_employment_contracts_employment_id_pending_changes",
  summary: "Employment contract pending changes",
  tag: "Contract amendments",
  auth: CONTRACT_PENDING_READ,
  responses: {
    200: { description: "Changes waiting for approval", schema: ContractPendingChangesResponseSchema },
    404: { description: "Employment not found" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { params, principal }) =>
    c.json(await listPendingChanges(c.get("deps").db, principal.companyId!, params.employment_id!)),
});
