import "server-only";
import { PayslipResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { getPayslipOrThrow, serializePayslipDetail } from "../../services/payslips";
import { COMMON_ERRORS } from "../employments/scopes";
import { PAYSLIP_READ } from "./scopes";

// GET /v1/payslips/{payslip_id} — one payslip of the company (Roster-only: the provider has no show;
// it carries the pay period, currencies and gross the provider's list does not).
export const showPayslipRoute = defineRoute({
  method: "get",
  path: "/v1/payslips/{payslip_id}",
  operationId: "get_v1_payslips_payslip_id",
  summary: "Show payslip",
  tag: "Payslips",
  auth: PAYSLIP_READ,
  responses: { 200: { description: "The payslip", schema: PayslipResponseSchema }, 404: { description: "Not found" }, ...COMMON_ERRORS },
  handler: async (c, { params, principal }) =>
    c.json({
      data: { payslip: serializePayslipDetail(await getPayslipOrThrow(c.get("deps").db, principal.companyId!, params.payslip_id!)) },
    }),
});
