import { ApiRequestError } from "@/lib/console/api-errors";
import { bffHandler } from "@/lib/console/server/bff";
import { releaseSandboxPayslip } from "@/lib/console/server/payslips/api";
import { SandboxReleasePayslipBodySchema } from "@/lib/contract";

// POST /api/bff/payslips/release — sandbox only: POST /v1/sandbox/payslips {employment_id, period}.
export const POST = bffHandler(
  async ({ api, session, body }) => {
    if (session.environment !== "sandbox") {
      throw new ApiRequestError({
        kind: "bad_request",
        status: 400,
        message: "Payslips can be released only in the sandbox: in production they come from payroll runs.",
        requestId: null,
      });
    }
    return releaseSandboxPayslip(api, body);
  },
  { body: SandboxReleasePayslipBodySchema, status: 201 },
);
