import { exportHandler } from "@/lib/console/server/export/handler";
import { expensesExport } from "@/lib/console/server/export/lists/expenses";

// GET /api/bff/expenses/export — the whole filtered expenses list as CSV (the columns on screen), streamed and audited.
export const GET = exportHandler(expensesExport);
