import "server-only";
import { EXPENSE_CATEGORIES, EXPENSE_CATEGORY_TITLES, ExpenseCategoriesQuerySchema, ExpenseCategoriesResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { getExpenseOrThrow } from "../../services/expenses";
import { assertEmploymentFilter } from "../../services/people-ops-shared";
import { COMMON_ERRORS } from "../employments/scopes";
import { EXPENSE_READ } from "./scopes";

// GET /v1/expenses/categories — the provider's category list (ExpenseCategoryNode). Roster's categories
// are flat and the same everywhere: employment_id and expense_id are checked (404 when not the
// company's), include_parents and country_code change nothing. Registered before /v1/expenses/{id}.
export const listExpenseCategoriesRoute = defineRoute({
  method: "get",
  path: "/v1/expenses/categories",
  operationId: "get_v1_expenses_categories",
  summary: "List expense categories",
  tag: "Expenses",
  auth: EXPENSE_READ,
  query: ExpenseCategoriesQuerySchema,
  responses: {
    200: { description: "Every expense category", schema: ExpenseCategoriesResponseSchema },
    400: { description: "Invalid query" },
    404: { description: "employment_id or expense_id is not the company's" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { query, principal }) => {
    const { db } = c.get("deps");
    await assertEmploymentFilter(db, principal.companyId!, query.employment_id);
    if (query.expense_id !== undefined) await getExpenseOrThrow(db, principal.companyId!, query.expense_id);
    return c.json({
      data: EXPENSE_CATEGORIES.map((slug) => ({
        slug,
        code: slug,
        title: EXPENSE_CATEGORY_TITLES[slug],
        is_selectable: true,
        parent: null,
        scope: "global",
        status: "active",
      })),
    });
  },
});
