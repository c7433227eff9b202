"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useId } from "react";
import { Badge } from "@/components/ui/badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableContainer, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { TimeoffBalance } from "@/lib/contract";
import { ApiRequestError } from "@/lib/console/api-errors";
import { toErrorPayload } from "@/lib/console/errors/present";
import { balanceSummary, entitlementRows } from "@/lib/console/timeoff/balance";
import { newTimeoffHref, timeoffBalanceHref } from "@/lib/console/timeoff/links";
import { timeoffBalanceQuery } from "@/lib/queries/timeoff";
import type { QueryScope } from "@/lib/queries/scope";
import { ErrorBanner } from "@/components/console/error-banner";

/** An employment's paid time off balance this year, read through the shared query (prefetched when possible). */
export function BalanceCard({
  scope,
  employmentId,
  employmentName,
  compact,
}: {
  scope: QueryScope;
  employmentId: string;
  employmentName: string;
  compact?: boolean;
}) {
  const query = useQuery(timeoffBalanceQuery(scope, employmentId));
  const title = `Paid time off balance of ${employmentName}`;
  if (query.isError && !query.data) {
    // Beside a list filtered on an unknown employment, the list already says "Employment not found".
    if (compact && query.error instanceof ApiRequestError && query.error.status === 404) return null;
    return (
      <ErrorBanner
        operation="timeoff.read"
        error={toErrorPayload(query.error)}
        actions={
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  return (
    <Card aria-labelledby="balance-title" aria-busy={query.isFetching || undefined}>
      <CardHeader
        titleId="balance-title"
        title={title}
        description="This calendar year. Approved days count as taken once past; requested days only show as requested."
        actions={
          compact ? (
            <ButtonLink href={timeoffBalanceHref(employmentId)} size="sm">
              Entitlements
            </ButtonLink>
          ) : (
            <ButtonLink href={newTimeoffHref(employmentId)} size="sm" variant="primary">
              Request time off
            </ButtonLink>
          )
        }
      />
      <CardBody>
        {query.data ? <BalanceBody balance={query.data} employmentId={employmentId} compact={compact} /> : <Skeleton className="h-24" />}
      </CardBody>
    </Card>
  );
}

function Figure({ label, value, hint, tone }: { label: string; value: string; hint?: string; tone?: "negative" }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="min-w-0">
      <p id={id} className="text-xs font-medium uppercase tracking-wide text-slate-600 dark:text-slate-400">
        {label}
      </p>
      <p
        className={
          tone === "negative"
            ? "text-lg font-semibold text-red-700 dark:text-red-300"
            : "text-lg font-semibold text-slate-900 dark:text-white"
        }
      >
        {value}
      </p>
      {hint ? <p className="text-xs text-slate-600 dark:text-slate-400">{hint}</p> : null}
    </div>
  );
}

/** `employmentId`: the balance does not name its employment (the provider's `TimeoffBalance`). */
export function BalanceBody({ balance, employmentId, compact }: { balance: TimeoffBalance; employmentId: string; compact?: boolean }) {
  const s = balanceSummary(balance);
  const rows = entitlementRows(balance);
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        <Figure
          label="Remaining"
          value={s.remaining}
          tone={s.remainingHours < 0 ? "negative" : undefined}
          hint={s.remainingHours < 0 ? "Overdrawn" : undefined}
        />
        <Figure label="Entitled" value={s.entitled} hint={`${balance.total_entitled_days} days in total`} />
        <Figure label="Taken" value={s.taken} />
        <Figure label="Upcoming approved" value={s.upcomingApproved} />
        <Figure label="Upcoming requested" value={s.upcomingRequested} hint="Not yet deducted" />
        <Figure label="Contractual" value={s.contractual} hint={`${s.hoursPerDay} working hours a day`} />
      </div>
      {compact ? null : (
        <TableContainer label="Entitlements">
          <Table>
            <caption className="sr-only">Entitlements</caption>
            <THead>
              <Tr>
                <Th>Entitlement</Th>
                <Th>Entitled</Th>
                <Th>Taken</Th>
                <Th>Remaining</Th>
                <Th>Expiry</Th>
              </Tr>
            </THead>
            <TBody>
              {rows.map((r) => (
                <Tr key={r.key}>
                  <Td>
                    <div className="font-medium text-slate-900 dark:text-white">{r.name}</div>
                    <div className="text-xs text-slate-600 dark:text-slate-400">{r.typeLabel}</div>
                  </Td>
                  <Td className="tabular-nums">{r.entitled}</Td>
                  <Td className="tabular-nums">{r.taken}</Td>
                  <Td className={r.negative ? "tabular-nums font-medium text-red-700 dark:text-red-300" : "tabular-nums"}>{r.remaining}</Td>
                  <Td>
                    <Badge tone={r.canExpire ? "amber" : "gray"}>{r.expiry}</Badge>
                    <span className="sr-only">{r.canExpire ? " (can expire)" : " (never expires)"}</span>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </TableContainer>
      )}
      {compact ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {rows.length} {rows.length === 1 ? "entitlement" : "entitlements"}; see{" "}
          <Link href={timeoffBalanceHref(employmentId)} className="underline underline-offset-2">
            entitlements and expiry dates
          </Link>
          .
        </p>
      ) : null}
    </div>
  );
}
