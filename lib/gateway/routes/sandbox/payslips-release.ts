import "server-only";
import { PayslipResponseSchema, SandboxReleasePayslipBodySchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { releaseSandboxPayslip } from "../../services/payslips";
import { COMMON_ERRORS } from "../employments/scopes";
import { PAYSLIP_RELEASE } from "../payslips/scopes";

// POST /v1/sandbox/payslips — sandbox only: computes and releases an employment's payslip for a month (payslip.released).
export const sandboxReleasePayslipRoute = defineRoute({
  method: "post",
  path: "/v1/sandbox/payslips",
  operationId: "post_v1_sandbox_payslips",
  summary: "Release a payslip in sandbox",
  tag: "Sandbox",
  auth: PAYSLIP_RELEASE,
  sandboxOnly: true,
  body: SandboxReleasePayslipBodySchema,
  responses: {
    201: { description: "The released payslip", schema: PayslipResponseSchema },
    400: { description: "Malformed body or unknown property" },
    404: { description: "Employment not found, or called on production" },
    422: { description: "Invalid period, payslip already released, or employment not on payroll" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { body, principal }) =>
    c.json({ data: { payslip: await releaseSandboxPayslip(c.get("deps"), principal, body) } }, 201),
});
