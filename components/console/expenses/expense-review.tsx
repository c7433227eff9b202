"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import type { Expense } from "@/lib/contract";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { toErrorPayload } from "@/lib/console/errors/present";
import { formatDate, formatDateTime } from "@/lib/console/format";
import { employmentHref } from "@/lib/console/employments/links";
import { EXPENSE_STATUS_LABELS, expenseCategoryLabel, expenseMoney, expenseTitle } from "@/lib/console/expenses/labels";
import { reviewAvailability } from "@/lib/console/expenses/rules";
import { expensesList } from "@/lib/console/expenses/list";
import { EXPENSES_PATH } from "@/lib/console/expenses/links";
import { unnamedEmployment } from "@/lib/console/people-ops/eligibility";
import { expenseDetailQuery, expenseKeys, reviewExpense } from "@/lib/queries/expenses";
import type { QueryScope } from "@/lib/queries/scope";
import { ActionDialog } from "../people-ops/action-dialog";
import { ErrorBanner } from "@/components/console/error-banner";
import { usePeopleOpsEmployments } from "../people-ops/use-employments";
import { ExpenseStatusBadge } from "./expense-badges";
import { ReceiptPreview } from "./receipt-preview";

type Decision = "approve" | "decline";

/** One expense: its details and receipts, and the review of a pending one (approve, or decline with a reason). */
export function ExpenseReview({ scope, id }: { scope: QueryScope; id: string }) {
  const queryClient = useQueryClient();
  const query = useQuery(expenseDetailQuery(scope, id));
  const { names } = usePeopleOpsEmployments(scope, query.data?.employment_id ?? "");
  const [decision, setDecision] = useState<Decision | null>(null);
  const [failure, setFailure] = useState<ApiErrorPayload | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: ({ decision, reason }: { decision: Decision; reason: string }) =>
      reviewExpense(scope, id, decision === "approve" ? { status: "approved" } : { status: "declined", reason }),
    onSuccess: async (updated) => {
      queryClient.setQueryData(expenseKeys.detail(scope, id), updated);
      await queryClient.invalidateQueries({ queryKey: expenseKeys.lists(scope) });
    },
  });

  const e = query.data;
  if (!e) return query.isError ? <ErrorBanner operation="expenses.read" error={toErrorPayload(query.error)} role="alert" /> : null;

  const review = reviewAvailability(e);
  const start = (d: Decision) => {
    setFailure(null);
    setDone(null);
    setDecision(d);
  };
  const employee = names.get(e.employment_id)?.full_name ?? unnamedEmployment(e.employment_id);
  const confirm = async (reason: string) => {
    if (!decision) return;
    setFailure(null);
    try {
      const updated = await mutation.mutateAsync({ decision, reason });
      setDone(`The expense is ${EXPENSE_STATUS_LABELS[updated.status].toLowerCase()}.`);
      setDecision(null);
    } catch (thrown) {
      const error = toErrorPayload(thrown);
      if (error.status !== 401) setFailure(error);
    }
  };

  return (
    <div className="space-y-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex items-center gap-1.5 text-slate-600 dark:text-slate-400">
          <li>
            <Link href={EXPENSES_PATH} className="underline-offset-2 hover:text-slate-900 hover:underline dark:hover:text-white">
              Expenses
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="truncate text-slate-900 dark:text-slate-100">
            {expenseTitle(e)}
          </li>
        </ol>
      </nav>
      <PageHeader
        title={expenseTitle(e)}
        description={
          <>
            {expenseMoney(e.amount, e.currency)} · {expenseCategoryLabel(e)} ·{" "}
            <Link href={employmentHref(e.employment_id)} className="underline underline-offset-2">
              {employee}
            </Link>
          </>
        }
        actions={
          review.available ? (
            <>
              <Button variant="primary" onClick={() => start("approve")}>
                Approve
              </Button>
              <Button variant="danger" onClick={() => start("decline")}>
                Decline…
              </Button>
            </>
          ) : null
        }
      >
        <div className="mt-3">
          <ExpenseStatusBadge status={e.status} />
        </div>
      </PageHeader>

      {done ? (
        <Alert tone="success" title="Review saved" role="status">
          <p>
            {done}{" "}
            <Link href={expensesList.hrefFor({ employmentId: e.employment_id })} className="font-medium underline underline-offset-2">
              {employee}&apos;s expenses
            </Link>
          </p>
        </Alert>
      ) : null}
      {!review.available && !done ? (
        <Alert tone="info" title="Reviewed">
          <p>{review.reason}</p>
        </Alert>
      ) : null}
      {query.isError ? <ErrorBanner operation="expenses.read" error={toErrorPayload(query.error)} role="alert" /> : null}

      <ExpenseFacts expense={e} employee={employee} />

      <section aria-labelledby="receipts-title" className="space-y-3">
        <h2 id="receipts-title" className="text-base font-semibold text-slate-900 dark:text-white">
          Receipts ({e.receipts.length})
        </h2>
        {e.receipts.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No receipt was attached to this expense.</p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            {e.receipts.map((r, i) => (
              <ReceiptPreview key={r.id} scope={scope} expenseId={e.id} file={r} index={i} />
            ))}
          </div>
        )}
      </section>

      <ActionDialog
        open={decision !== null}
        title={decision === "approve" ? "Approve expense" : "Decline expense"}
        confirmLabel={decision === "approve" ? "Approve" : "Decline"}
        pendingLabel={decision === "approve" ? "Approving…" : "Declining…"}
        confirmVariant={decision === "approve" ? "primary" : "danger"}
        reason={
          decision === "decline" ? { label: "Reason for declining", description: "The employee sees this reason. Required." } : undefined
        }
        pending={mutation.isPending}
        reasonError={failure?.fieldErrors?.reason?.join(" ")}
        feedback={failure ? <ErrorBanner operation="expenses.write" error={failure} role="alert" /> : null}
        onConfirm={(reason) => void confirm(reason)}
        onCancel={() => setDecision(null)}
      >
        <p>
          “{expenseTitle(e)}”, {expenseMoney(e.amount, e.currency)}, of <strong>{employee}</strong>.
          {decision === "approve" ? " Approved expenses are reimbursed with payroll." : null}
        </p>
      </ActionDialog>
    </div>
  );
}

function ExpenseFacts({ expense: e, employee }: { expense: Expense; employee: string }) {
  const rows: [string, ReactNode][] = [
    ["Employee", employee],
    ["Expense date", formatDate(e.expense_date)],
    ["Amount", expenseMoney(e.amount, e.currency)],
    ["Tax included", expenseMoney(e.tax_amount, e.currency)],
    [
      `In ${e.converted_currency?.code ?? "the employment's currency"} (employment's currency)`,
      `${expenseMoney(e.converted_amount, e.converted_currency)} (tax ${expenseMoney(e.converted_tax_amount, e.converted_currency)})`,
    ],
    ["Category", expenseCategoryLabel(e)],
    ["Notes", e.notes || "None"],
    [
      "Reviewed",
      e.reviewed_at
        ? `${formatDateTime(e.reviewed_at)}${e.reviewer?.user_name ? ` by ${e.reviewer.user_name}${e.reviewer.user_email ? ` (${e.reviewer.user_email})` : ""}` : ""}`
        : "Not yet",
    ],
  ];
  if (e.status === "declined") rows.push(["Reason for declining", e.reason ?? "None given"]);
  return (
    <Card>
      <CardHeader title="Details" />
      <CardBody>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {rows.map(([k, v]) => (
            <div key={k}>
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">{k}</dt>
              <dd className="mt-0.5 whitespace-pre-wrap break-words text-sm text-slate-900 dark:text-slate-100">{v}</dd>
            </div>
          ))}
        </dl>
      </CardBody>
    </Card>
  );
}
