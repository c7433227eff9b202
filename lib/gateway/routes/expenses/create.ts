import "server-only";
import { CreateExpenseBodySchema, ExpenseResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { createExpense } from "../../services/expenses";
import { COMMON_ERRORS } from "../employments/scopes";
import { EXPENSE_WRITE } from "./scopes";

// POST /v1/expenses — a pending expense with base64 receipts (pdf, png, jpeg, webp, heic, csv, xlsx).
export const createExpenseRoute = defineRoute({
  method: "post",
  path: "/v1/expenses",
  operationId: "post_v1_expenses",
  summary: "Create expense",
  tag: "Expenses",
  auth: EXPENSE_WRITE,
  body: CreateExpenseBodySchema,
  responses: {
    201: { description: "Created", schema: ExpenseResponseSchema },
    400: { description: "Malformed body or unknown property" },
    404: { description: "employment_id is not an employment of the company" },
    409: { description: "Company not active" },
    413: { description: "Request body over the API's limit (receipts included)" },
    422: { description: "Validation failure, refused receipt type, or operation not available" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { body, principal }) => c.json({ data: { expense: await createExpense(c.get("deps"), principal, body) } }, 201),
});
