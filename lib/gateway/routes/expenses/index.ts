import "server-only";
import type { AnyRoute } from "../../route";
import { listExpenseCategoriesRoute } from "./categories";
import { createExpenseRoute } from "./create";
import { deleteExpenseRoute } from "./delete";
import { listExpensesRoute } from "./list";
import { downloadReceiptByIdRoute, downloadReceiptRoute } from "./receipt";
import { showExpenseRoute } from "./show";
import { updateExpenseRoute } from "./update";

// `/v1/expenses/categories` before `/v1/expenses/{id}`: the first route registered for a path wins.
export const expenseRoutes: AnyRoute[] = [
  listExpenseCategoriesRoute,
  listExpensesRoute,
  createExpenseRoute,
  showExpenseRoute,
  updateExpenseRoute,
  deleteExpenseRoute,
  downloadReceiptRoute,
  downloadReceiptByIdRoute,
];
