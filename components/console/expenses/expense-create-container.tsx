"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Skeleton } from "@/components/ui/skeleton";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { toErrorPayload } from "@/lib/console/errors/present";
import { putFieldErrors } from "@/lib/console/errors/submit";
import {
  expenseFormDefaults,
  splitExpenseFieldErrors,
  toCreateExpenseBody,
  type ExpenseFormValues,
} from "@/lib/console/expenses/create-form";
import { bodyTooLargeError, fileToBase64File, jsonBodyBytes } from "@/lib/console/expenses/receipts";
import { expensesList } from "@/lib/console/expenses/list";
import { employmentChoices, writeAvailability } from "@/lib/console/people-ops/eligibility";
import { createExpense, expenseKeys } from "@/lib/queries/expenses";
import type { QueryScope } from "@/lib/queries/scope";
import { withCreated } from "../people-ops/created-notice";
import { ErrorBanner } from "@/components/console/error-banner";
import { usePeopleOpsEmployments } from "../people-ops/use-employments";
import { ExpenseForm, type ExpenseFormProps } from "./expense-form";

/**
 * Owns the I/O of "New expense": encodes the chosen receipts (base64, as the API expects them in the
 * JSON body), refuses a body over the API's 1 MiB limit before sending it, creates the expense through
 * the BFF, puts 422 errors on their fields, and returns to the employment's expenses.
 */
export function ExpenseCreateContainer({ scope, employmentId, today }: { scope: QueryScope; employmentId: string; today: string }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { query: employmentsQuery, items, pending } = usePeopleOpsEmployments(scope, employmentId);
  const [failure, setFailure] = useState<{ error: ApiErrorPayload; details: string[] } | null>(null);
  const [receiptsError, setReceiptsError] = useState<string | undefined>();
  const feedback = useRef<HTMLDivElement>(null);

  const choices = useMemo(() => employmentChoices("expenses", items ?? []), [items]);
  const preselected = items?.find((e) => e.id === employmentId);
  const unavailable = preselected ? writeAvailability("expenses", preselected) : null;
  const defaults = useMemo(
    () => expenseFormDefaults(choices.options.some((o) => o.value === employmentId) ? employmentId : ""),
    [choices, employmentId],
  );

  if (pending) return <Skeleton className="h-96" />;

  const onSubmit: ExpenseFormProps["onSubmit"] = async (values: ExpenseFormValues, files, { setError }) => {
    setFailure(null);
    setReceiptsError(undefined);
    const receipts = await Promise.all(files.map(fileToBase64File));
    const body = toCreateExpenseBody(values, receipts);
    const tooLarge = bodyTooLargeError(jsonBodyBytes(body));
    if (tooLarge) {
      setReceiptsError(tooLarge);
      return;
    }
    try {
      const created = await createExpense(scope, body);
      await queryClient.invalidateQueries({ queryKey: expenseKeys.lists(scope) });
      router.push(withCreated(expensesList.hrefFor({ employmentId: created.employment_id }), created.id));
    } catch (thrown) {
      // The receipts have no form field: their message goes under the file picker.
      const refusal = putFieldErrors(thrown, splitExpenseFieldErrors, (field, e, options) =>
        field === "receipts" ? setReceiptsError(e.message) : setError(field, e, options),
      );
      if (!refusal) return;
      setFailure({ error: refusal.error, details: refusal.other });
      feedback.current?.scrollIntoView({ block: "nearest" });
    }
  };

  return (
    <div className="space-y-5">
      <div ref={feedback} className="space-y-3 empty:hidden">
        {failure ? <ErrorBanner operation="expenses.write" error={failure.error} details={failure.details} role="alert" /> : null}
        {employmentsQuery.isError ? <ErrorBanner operation="expenses.read" error={toErrorPayload(employmentsQuery.error)} /> : null}
        {unavailable && !unavailable.available ? (
          <Alert tone="info" title={`${preselected!.full_name} can't submit expenses`}>
            <p>{unavailable.reason}</p>
          </Alert>
        ) : null}
      </div>
      <ExpenseForm
        defaultValues={defaults}
        employments={choices.options}
        today={today}
        receiptsError={receiptsError}
        onSubmit={onSubmit}
        cancelHref={employmentId ? expensesList.hrefFor({ employmentId: employmentId }) : expensesList.path}
      />
    </div>
  );
}
