import "server-only";
import { ExpenseResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { showExpense } from "../../services/expenses";
import { COMMON_ERRORS } from "../employments/scopes";
import { EXPENSE_READ } from "./scopes";

// GET /v1/expenses/{id} — one expense of the company, with its receipts' metadata.
export const showExpenseRoute = defineRoute({
  method: "get",
  path: "/v1/expenses/{id}",
  operationId: "get_v1_expenses_id",
  summary: "Show expense",
  tag: "Expenses",
  auth: EXPENSE_READ,
  responses: { 200: { description: "The expense", schema: ExpenseResponseSchema }, 404: { description: "Not found" }, ...COMMON_ERRORS },
  handler: async (c, { params, principal }) =>
    c.json({ data: { expense: await showExpense(c.get("deps"), principal.companyId!, params.id!) } }),
});
