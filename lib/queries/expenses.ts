import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { CreateExpenseBody, Expense, ExpenseListResponseSchema } from "@/lib/contract";
import { bffFetch } from "@/lib/console/bff-client";
import type { ExpenseReviewBody } from "@/lib/console/expenses/rules";
import { expensesList, type ExpenseListApiQuery } from "@/lib/console/expenses/url-state";
import { scopeKey, withScope, type QueryScope } from "./scope";

// Expense queries: keys and options shared by server prefetch and client islands (through the BFF).

export type ExpensePage = z.infer<typeof ExpenseListResponseSchema>["data"];

export const expenseKeys = {
  all: (s: QueryScope) => ["expenses", ...scopeKey(s)] as const,
  lists: (s: QueryScope) => [...expenseKeys.all(s), "list"] as const,
  list: (s: QueryScope, q: ExpenseListApiQuery) => [...expenseKeys.lists(s), q] as const,
  details: (s: QueryScope) => [...expenseKeys.all(s), "detail"] as const,
  detail: (s: QueryScope, id: string) => [...expenseKeys.details(s), id] as const,
};

const BFF = "/api/bff/expenses";
const enc = encodeURIComponent;

export const expenseListQuery = (scope: QueryScope, q: ExpenseListApiQuery) =>
  queryOptions({
    queryKey: expenseKeys.list(scope, q),
    queryFn: ({ signal }) => bffFetch<ExpensePage>(withScope(`${BFF}?${expensesList.apiSearch(q)}`, scope), { signal }),
  });

export const expenseDetailQuery = (scope: QueryScope, id: string) =>
  queryOptions({
    queryKey: expenseKeys.detail(scope, id),
    queryFn: ({ signal }) => bffFetch<Expense>(withScope(`${BFF}/${enc(id)}`, scope), { signal }),
  });

export const createExpense = (scope: QueryScope, body: CreateExpenseBody) =>
  bffFetch<Expense>(withScope(BFF, scope), { method: "POST", body });

/** Approve, or decline with a reason. */
export const reviewExpense = (scope: QueryScope, id: string, body: ExpenseReviewBody) =>
  bffFetch<Expense>(withScope(`${BFF}/${enc(id)}`, scope), { method: "PATCH", body });
