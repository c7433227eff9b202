import "server-only";
import type { AnyRoute } from "../../route";
import { createExpenseRoute } from "./create";
import { deleteExpenseRoute } from "./delete";
import { listExpensesRoute } from "./list";
import { downloadReceiptByIdRoute, downloadReceiptRoute } from "./receipt";
import { showExpenseRoute } from "./show";
import { updateExpenseRoute } from "./update";

export const expenseRoutes: AnyRoute[] = [
  listExpensesRoute,
  createExpenseRoute,
  showExpenseRoute,
  updateExpenseRoute,
  deleteExpenseRoute,
  downloadReceiptRoute,
  downloadReceiptByIdRoute,
];
