import { bffHandler } from "@/lib/console/server/bff";
import { createExpense, listExpenses } from "@/lib/console/server/expenses/api";
import { expensesList } from "@/lib/console/expenses/list";
import { listQueryOf } from "@/lib/console/server/people-ops/bff";
import { CreateExpenseBodySchema } from "@/lib/contract";

// GET /api/bff/expenses — one page of expenses (filters employment_id, status).
export const GET = bffHandler(async ({ api, req }) => {
  return listExpenses(api, listQueryOf(expensesList, req));
});

// POST /api/bff/expenses — creates a pending expense with its receipts (base64 in the JSON body).
export const POST = bffHandler(
  async ({ api, body }) => {
    return createExpense(api, body);
  },
  { body: CreateExpenseBodySchema, status: 201 },
);
