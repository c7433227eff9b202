import "server-only";
import { ExpenseListQuerySchema, ExpenseListResponseSchema, PaginationQuerySchema } from "@/lib/contract";
import { pageParams } from "../../pagination";
import { defineRoute } from "../../route";
import { listExpenses } from "../../services/expenses";
import { COMMON_ERRORS } from "../employments/scopes";
import { EXPENSE_READ } from "./scopes";

// GET /v1/expenses — the company's expenses, newest first; filters employment_id, status. Answers 201,
// as the provider declares for this read (docs/decisions/contract-people-ops.md).
export const listExpensesRoute = defineRoute({
  method: "get",
  path: "/v1/expenses",
  operationId: "get_v1_expenses",
  summary: "List expenses",
  tag: "Expenses",
  auth: EXPENSE_READ,
  query: PaginationQuerySchema.extend(ExpenseListQuerySchema.shape),
  responses: {
    201: { description: "A page of expenses (the provider's status for this read)", schema: ExpenseListResponseSchema },
    400: { description: "Invalid query" },
    404: { description: "employment_id is not an employment of the company" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { query, principal }) =>
    c.json(
      await listExpenses(
        c.get("deps"),
        {
          companyId: principal.companyId!,
          employmentId: query.employment_id,
          status: query.status,
        },
        pageParams(query),
      ),
      201,
    ),
});
