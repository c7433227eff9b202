import { ApiRequestError } from "@/lib/console/api-errors";
import { bffHandler } from "@/lib/console/server/bff";
import { approveSandboxContractAmendment } from "@/lib/console/server/contract-amendments/api";

// POST /api/bff/contract-amendments/{id}/approve — sandbox only: PATCH
// /v1/sandbox/contract-amendments/{id} {status: "done"}, which applies the changes to the contract.
export const POST = bffHandler(async ({ api, session, params }) => {
  if (session.environment !== "sandbox") {
    throw new ApiRequestError({
      kind: "bad_request",
      status: 400,
      message: "Amendments can be approved from the console only in the sandbox: in production the provider reviews them.",
      requestId: null,
    });
  }
  return approveSandboxContractAmendment(api, params.id!);
});
