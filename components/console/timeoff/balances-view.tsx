"use client";

import { useRouter } from "next/navigation";
import { useId, useMemo } from "react";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Select } from "@/components/ui/field";
import { readOnlyReason } from "@/lib/console/employments/availability";
import { STATUS_LABELS } from "@/lib/console/employments/labels";
import { toErrorPayload } from "@/lib/console/errors/present";
import { unnamedEmployment } from "@/lib/console/people-ops/eligibility";
import { timeoffBalanceHref } from "@/lib/console/timeoff/links";
import type { QueryScope } from "@/lib/queries/scope";
import { BalanceCard } from "./balance-card";
import { ErrorBanner } from "@/components/console/error-banner";
import { usePeopleOpsEmployments } from "../people-ops/use-employments";

/** Balances: choose an employment (the choice is the URL), see its entitlements, taken and remaining days. */
export function BalancesView({ scope, employmentId }: { scope: QueryScope; employmentId: string }) {
  const router = useRouter();
  const id = useId();
  const { query, items, names } = usePeopleOpsEmployments(scope, employmentId);
  // Types and models with only list and show have no balance (the API answers 422 for them).
  const options = useMemo(
    () =>
      [...(items ?? [])]
        .filter((e) => !readOnlyReason(e))
        .sort((a, b) => a.full_name.localeCompare(b.full_name, "en"))
        .map((e) => ({ value: e.id, label: `${e.full_name} (${STATUS_LABELS[e.status]})` })),
    [items],
  );
  const chosen = names.get(employmentId);
  return (
    <div className="space-y-4">
      <Card>
        <CardBody>
          <label htmlFor={id} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
            Employment
          </label>
          <Select
            id={id}
            className="mt-1.5 max-w-md"
            value={employmentId}
            onChange={(e) => router.push(timeoffBalanceHref(e.target.value))}
          >
            <option value="">Choose an employment…</option>
            {employmentId && !options.some((o) => o.value === employmentId) ? (
              <option value={employmentId}>{chosen?.full_name ?? unnamedEmployment(employmentId)}</option>
            ) : null}
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </CardBody>
      </Card>
      {query.isError ? <ErrorBanner operation="timeoff.read" error={toErrorPayload(query.error)} /> : null}
      {chosen && readOnlyReason(chosen) ? (
        // The API would answer 422 operation_not_available: say why instead of asking.
        <Alert tone="info" title="No time off balance">
          <p>{readOnlyReason(chosen)}</p>
        </Alert>
      ) : employmentId ? (
        <BalanceCard scope={scope} employmentId={employmentId} employmentName={chosen?.full_name ?? unnamedEmployment(employmentId)} />
      ) : (
        <Card>
          <EmptyState title="Choose an employment">
            Its paid time off this year: each entitlement with its expiry, what is taken and what remains.
          </EmptyState>
        </Card>
      )}
    </div>
  );
}
