// The column titles, apart from the table's "use client" module: the route's loading.tsx skeleton
// (which wraps the routes below it too) takes them from here without shipping the table.
export const EXPENSE_COLUMNS = ["Expense", "Employee", "Date", "Amount", "Receipts", "Status"] as const;
