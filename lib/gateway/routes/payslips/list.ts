import "server-only";
import { PayslipListQuerySchema, PayslipListResponseSchema } from "@/lib/contract";
import { pageParams } from "../../pagination";
import { defineRoute } from "../../route";
import { listPayslips } from "../../services/payslips";
import { COMMON_ERRORS } from "../employments/scopes";
import { PAYSLIP_READ } from "./scopes";

// GET /v1/payslips — the company's released payslips, filtered by employment, pay period and payout date.
export const listPayslipsRoute = defineRoute({
  method: "get",
  path: "/v1/payslips",
  operationId: "get_v1_payslips",
  summary: "List payslips",
  tag: "Payslips",
  auth: PAYSLIP_READ,
  query: PayslipListQuerySchema,
  responses: {
    200: { description: "A page of payslips, newest period first", schema: PayslipListResponseSchema },
    400: { description: "Invalid query" },
    404: { description: "employment_id names no employment of the company" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { query, principal }) => c.json(await listPayslips(c.get("deps").db, principal.companyId!, query, pageParams(query))),
});
