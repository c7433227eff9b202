import "server-only";
import type { Expense } from "@/lib/contract";
import { EXPENSE_STATUS_LABELS, expenseCategoryLabel, expenseTitle } from "@/lib/console/expenses/labels";
import { expensesList } from "@/lib/console/expenses/list";
import { listExpenses } from "../../expenses/api";
import type { CsvColumn } from "../csv";
import type { ExportSpec } from "../handler";
import { liveListSource, loadEmploymentNames, type EmploymentNames } from "../live-list";
import { employeeColumns, minorToDecimal } from "./common";

// The expenses list's export: the columns of components/console/expenses/expenses-table.tsx, by the same ids.

type Ctx = { names: EmploymentNames };

export const EXPENSE_EXPORT_COLUMNS: CsvColumn<Expense, Ctx>[] = [
  { id: "Expense", header: "Expense", value: (e) => expenseTitle(e) },
  { id: "Expense", header: "Category", value: (e) => expenseCategoryLabel(e) },
  { id: "Expense", header: "Expense ID", value: (e) => e.id },
  ...employeeColumns<Expense, Ctx>("Employee", (e) => e.employment_id),
  { id: "Date", header: "Date", value: (e) => e.expense_date },
  { id: "Amount", header: "Amount", value: (e) => minorToDecimal(e.amount) },
  { id: "Amount", header: "Currency", value: (e) => e.currency?.code ?? null },
  { id: "Amount", header: "Converted amount", value: (e) => minorToDecimal(e.converted_amount) },
  { id: "Amount", header: "Converted currency", value: (e) => e.converted_currency?.code ?? null },
  { id: "Receipts", header: "Receipts", value: (e) => e.receipts.length },
  { id: "Status", header: "Status", value: (e) => EXPENSE_STATUS_LABELS[e.status] ?? e.status },
];

export const expensesExport = {
  list: expensesList,
  name: "expenses",
  columns: EXPENSE_EXPORT_COLUMNS,
  source: liveListSource({
    list: expensesList,
    fetchPage: (api, q) => listExpenses(api, q),
    itemsOf: (p) => p.expenses,
    idOf: (e) => e.id,
    context: async (api, signal) => ({ names: await loadEmploymentNames(api, signal) }),
  }),
} satisfies ExportSpec<typeof expensesList.filters, Expense, Ctx>;
