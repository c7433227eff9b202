import { bffHandler } from "@/lib/console/server/bff";
import { ApiRequestError } from "@/lib/console/api-errors";
import { activateSandboxEmployment } from "@/lib/console/server/employments/api";

// POST /api/bff/employments/{id}/activate — sandbox only: set a new employment active
// (PATCH /v1/sandbox/employments/{id} {status: "active"}). Production has no such route.
export const POST = bffHandler(async ({ api, session, params }) => {
  if (session.environment !== "sandbox") {
    throw new ApiRequestError({
      kind: "not_found",
      status: 404,
      message: "Activation is a sandbox-only action: production has no such route.",
      requestId: null,
    });
  }
  return activateSandboxEmployment(api, params.id!);
});
