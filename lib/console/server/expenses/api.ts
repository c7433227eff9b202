import "server-only";
import { ExpenseResponseSchema, type CreateExpenseBody } from "@/lib/contract";
import type { ApiClient } from "@/lib/console/server/api-client";
import { read } from "@/lib/console/api-read";
import type { ExpenseReviewBody } from "../../expenses/rules";
import { expenseSortAccessors, type ExpenseListApiQuery } from "../../expenses/list";
import { sortedList, type Unsorted } from "../list/sorted";
import { withEmployeeSort } from "../people-ops/sort";

// The expense endpoints of the API (spec 4.2 "Expenses", docs/decisions/areas-people-ops-expense-*.md)
// over the console's typed client, for server pages and BFF handlers alike.

const enc = encodeURIComponent;

/** A page of expenses, sorted across all pages when the query has a sort (lib/console/server/list/sorted.ts). */
export const listExpenses = (api: ApiClient, q: ExpenseListApiQuery) =>
  sortedList(
    q,
    (query: Unsorted<ExpenseListApiQuery>) => api.json(read.expenses, "GET", "v1/expenses", { query: { ...query } }).then((r) => r.data),
    {
      itemsKey: "expenses",
      accessors: withEmployeeSort(api, expenseSortAccessors),
      idOf: (e) => e.id,
    },
  );

export const getExpense = (api: ApiClient, id: string) =>
  api.json(read.expense, "GET", `v1/expenses/${enc(id)}`).then((r) => r.data.expense);

export const createExpense = (api: ApiClient, body: CreateExpenseBody) =>
  api.json(ExpenseResponseSchema, "POST", "v1/expenses", { body }).then((r) => r.data.expense);

export const reviewExpense = (api: ApiClient, id: string, body: ExpenseReviewBody) =>
  api.json(ExpenseResponseSchema, "PATCH", `v1/expenses/${enc(id)}`, { body }).then((r) => r.data.expense);

/** A receipt's bytes as the API answers them (the first receipt without an id). Errors throw ApiRequestError. */
export const downloadReceipt = (api: ApiClient, expenseId: string, receiptId?: string, signal?: AbortSignal) =>
  api.raw("GET", receiptId ? `v1/expenses/${enc(expenseId)}/receipts/${enc(receiptId)}` : `v1/expenses/${enc(expenseId)}/receipt`, {
    signal,
  });
