import "server-only";
import { OkEnvelopeSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { deleteExpense } from "../../services/expenses";
import { COMMON_ERRORS } from "../employments/scopes";
import { EXPENSE_WRITE } from "./scopes";

// DELETE /v1/expenses/{id} — removes a pending, declined or canceled expense and its receipts.
export const deleteExpenseRoute = defineRoute({
  method: "delete",
  path: "/v1/expenses/{id}",
  operationId: "delete_v1_expenses_id",
  summary: "Delete expense",
  tag: "Expenses",
  auth: EXPENSE_WRITE,
  responses: {
    200: { description: "Deleted", schema: OkEnvelopeSchema },
    404: { description: "Not found" },
    409: { description: "Approved, processing or reimbursed; or company not active" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { params, principal }) => {
    await deleteExpense(c.get("deps"), principal, params.id!);
    return c.json({ data: { status: "ok" as const } });
  },
});
