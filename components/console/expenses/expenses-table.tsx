"use client";

import Link from "next/link";
import { cn } from "@/components/ui/cn";
import { Table, TableContainer, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { EmploymentListItem, Expense } from "@/lib/contract";
import { formatDate } from "@/lib/console/employments/format";
import { expenseCategoryLabel, expenseMoney, expenseTitle } from "@/lib/console/expenses/labels";
import { reviewAvailability } from "@/lib/console/expenses/rules";
import { expenseHref } from "@/lib/console/expenses/url-state";
import { EmploymentCell } from "../timeoff/people-ops/employment-cell";
import { ExpenseStatusBadge } from "./expense-badges";

export const EXPENSE_COLUMNS = ["Expense", "Employee", "Date", "Amount", "Receipts", "Status"] as const;

export function ExpensesTable({
  items,
  names,
  busy,
  caption,
}: {
  items: Expense[];
  names: ReadonlyMap<string, EmploymentListItem>;
  busy: boolean;
  caption: string;
}) {
  return (
    <TableContainer label="Expenses">
      <Table aria-busy={busy || undefined} className={cn("transition-opacity", busy && "opacity-60")}>
        <caption className="sr-only">{caption}</caption>
        <THead>
          <Tr>
            {EXPENSE_COLUMNS.map((c) => (
              <Th key={c} className={c === "Amount" ? "text-right" : undefined}>
                {c}
              </Th>
            ))}
          </Tr>
        </THead>
        <TBody>
          {items.map((e) => {
            const reviewable = reviewAvailability(e).available;
            return (
              <Tr key={e.id}>
                <Td className="min-w-52">
                  <Link href={expenseHref(e.id)} className="font-medium text-slate-900 underline-offset-2 hover:underline dark:text-white">
                    {expenseTitle(e)}
                  </Link>
                  <div className="text-xs text-slate-600 dark:text-slate-400">{expenseCategoryLabel(e)}</div>
                </Td>
                <Td>
                  <EmploymentCell id={e.employment_id} names={names} />
                </Td>
                <Td className="whitespace-nowrap tabular-nums">
                  {e.expense_date ? <time dateTime={e.expense_date}>{formatDate(e.expense_date)}</time> : "No date"}
                </Td>
                <Td className="whitespace-nowrap text-right tabular-nums">
                  <div>{expenseMoney(e.amount, e.currency)}</div>
                  {e.converted_currency && e.converted_currency.code !== e.currency?.code ? (
                    <div className="text-xs text-slate-600 dark:text-slate-400">
                      ≈ {expenseMoney(e.converted_amount, e.converted_currency)}
                    </div>
                  ) : null}
                </Td>
                <Td className="whitespace-nowrap">
                  {e.receipts.length === 0 ? <span className="text-slate-600 dark:text-slate-400">None</span> : `${e.receipts.length}`}
                </Td>
                <Td className="min-w-36">
                  <ExpenseStatusBadge status={e.status} />
                  {reviewable ? (
                    <div className="mt-1">
                      <Link
                        href={expenseHref(e.id)}
                        className="text-xs font-medium text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-50"
                      >
                        Review<span className="sr-only"> {e.title}</span>
                      </Link>
                    </div>
                  ) : e.status === "declined" && e.reason ? (
                    <div className="mt-1 max-w-56 text-xs text-slate-700 dark:text-slate-300">
                      <span className="font-medium">Reason:</span> {e.reason}
                    </div>
                  ) : null}
                </Td>
              </Tr>
            );
          })}
        </TBody>
      </Table>
    </TableContainer>
  );
}
