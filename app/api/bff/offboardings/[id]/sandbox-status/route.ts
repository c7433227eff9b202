import { bffHandler } from "@/lib/console/server/bff";
import { sandboxSetOffboardingStatus } from "@/lib/console/server/offboardings/api";
import { SandboxOffboardingUpdateBodySchema } from "@/lib/contract";

// PATCH /api/bff/offboardings/{id}/sandbox-status — sandbox only: the provider's review (in_review,
// done, canceled) through PATCH /v1/sandbox/offboardings/{id} (404 on production).
export const PATCH = bffHandler(
  async ({ api, params, body }) => {
    return sandboxSetOffboardingStatus(api, params.id!, body.status);
  },
  { body: SandboxOffboardingUpdateBodySchema },
);
