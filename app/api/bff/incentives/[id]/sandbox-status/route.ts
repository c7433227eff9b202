import { bffHandler } from "@/lib/console/server/bff";
import { sandboxSetIncentiveStatus } from "@/lib/console/server/incentives/api";
import { SandboxIncentiveUpdateBodySchema } from "@/lib/contract";

// PUT /api/bff/incentives/{id}/sandbox-status — sandbox only: moves an incentive to processing or paid,
// as payroll would (PUT /v1/sandbox/incentives/{id}; the API answers 404 on production).
export const PUT = bffHandler(
  async ({ api, params, body }) => {
    return sandboxSetIncentiveStatus(api, params.id!, body.status);
  },
  { body: SandboxIncentiveUpdateBodySchema },
);
