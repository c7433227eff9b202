import "server-only";
import { ExpenseResponseSchema, UpdateExpenseBodySchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { updateExpense } from "../../services/expenses";
import { COMMON_ERRORS } from "../employments/scopes";
import { EXPENSE_WRITE } from "./scopes";

// PUT|PATCH /v1/expenses/{id} — edits a pending expense; approves it, or declines it with a reason.
export const updateExpenseRoute = defineRoute({
  method: ["put", "patch"],
  path: "/v1/expenses/{id}",
  operationId: "v1_expenses_id",
  summary: "Update expense",
  tag: "Expenses",
  auth: EXPENSE_WRITE,
  body: UpdateExpenseBodySchema.optional().transform((b) => b ?? {}),
  responses: {
    200: { description: "The expense after update", schema: ExpenseResponseSchema },
    400: { description: "Malformed body or unknown property" },
    404: { description: "Not found" },
    409: { description: "Company not active" },
    413: { description: "Request body over the API's limit" },
    422: { description: "Validation failure, or a status that forbids the change" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { body, params, principal }) =>
    c.json({ data: { expense: await updateExpense(c.get("deps"), principal, params.id!, body) } }),
});
