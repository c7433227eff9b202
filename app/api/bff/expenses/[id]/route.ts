import { bffHandler } from "@/lib/console/server/bff";
import { getExpense, reviewExpense } from "@/lib/console/server/expenses/api";
import { ExpenseReviewBodySchema } from "@/lib/console/expenses/review-body";

// GET /api/bff/expenses/{id} — one expense, for the review page's client refetch.
export const GET = bffHandler(async ({ api, params }) => {
  return getExpense(api, params.id!);
});

// PATCH /api/bff/expenses/{id} — reviews a pending expense: approve, or decline with a reason.
export const PATCH = bffHandler(
  async ({ api, params, body }) => {
    return reviewExpense(api, params.id!, body);
  },
  { body: ExpenseReviewBodySchema },
);
