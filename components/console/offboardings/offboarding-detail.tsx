"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import type { Offboarding, ResignationOffboarding } from "@/lib/contract";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { toErrorPayload } from "@/lib/console/errors/present";
import { formatDate, formatDateTime } from "@/lib/console/format";
import { employmentHref } from "@/lib/console/employments/links";
import {
  OFFBOARDING_STATUS_DESCRIPTIONS,
  OFFBOARDING_STATUS_LABELS,
  RISK_REASON_LABELS,
  TERMINATION_REASON_LABELS,
  isConfidential,
  offboardingReasonLabel,
} from "@/lib/console/offboardings/labels";
import {
  SANDBOX_MOVE_EFFECTS,
  SANDBOX_MOVE_LABELS,
  sandboxOffboardingMoves,
  type SandboxOffboardingStatus,
} from "@/lib/console/offboardings/rules";
import { OFFBOARDINGS_PATH } from "@/lib/console/offboardings/links";
import { unnamedEmployment } from "@/lib/console/people-ops/eligibility";
import { employmentKeys } from "@/lib/queries/employments";
import { offboardingDetailQuery, offboardingKeys, setSandboxOffboardingStatus } from "@/lib/queries/offboardings";
import type { QueryScope } from "@/lib/queries/scope";
import { ActionDialog } from "../people-ops/action-dialog";
import { CREATED_PARAM } from "../people-ops/created-notice";
import { ErrorBanner } from "@/components/console/error-banner";
import { usePeopleOpsEmployments } from "../people-ops/use-employments";
import { OffboardingStatusBadge } from "./offboarding-badges";

/** One offboarding: every detail of the termination, and in the sandbox the provider's review. */
export function OffboardingDetail({ scope, id }: { scope: QueryScope; id: string }) {
  const queryClient = useQueryClient();
  const query = useQuery(offboardingDetailQuery(scope, id));
  const { names } = usePeopleOpsEmployments(scope, query.data?.employment_id ?? "");
  const justCreated = useSearchParams().get(CREATED_PARAM) === id;
  const [move, setMove] = useState<SandboxOffboardingStatus | null>(null);
  const [failure, setFailure] = useState<ApiErrorPayload | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (status: SandboxOffboardingStatus) => setSandboxOffboardingStatus(scope, id, status),
    onSuccess: async (updated) => {
      queryClient.setQueryData(offboardingKeys.detail(scope, id), updated);
      // The employment's status follows (offboarding → archived, or back to active).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: offboardingKeys.lists(scope) }),
        queryClient.invalidateQueries({ queryKey: employmentKeys.all(scope) }),
      ]);
    },
  });

  const o = query.data;
  if (!o) return query.isError ? <ErrorBanner operation="offboardings.read" error={toErrorPayload(query.error)} role="alert" /> : null;
  const employee = names.get(o.employment_id)?.full_name ?? unnamedEmployment(o.employment_id);
  const moves = scope.environment === "sandbox" ? sandboxOffboardingMoves(o.status) : [];

  const confirm = async () => {
    if (!move) return;
    setFailure(null);
    try {
      const updated = await mutation.mutateAsync(move);
      setDone(`The offboarding is now ${OFFBOARDING_STATUS_LABELS[updated.status].toLowerCase()} (sandbox).`);
      setMove(null);
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
            <Link href={OFFBOARDINGS_PATH} className="underline-offset-2 hover:text-slate-900 hover:underline dark:hover:text-white">
              Offboardings
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="truncate text-slate-900 dark:text-slate-100">
            {employee}
          </li>
        </ol>
      </nav>
      <PageHeader
        title={`Offboarding of ${employee}`}
        description={
          <>
            {offboardingReasonLabel(o)} ·{" "}
            <Link href={employmentHref(o.employment_id)} className="underline underline-offset-2">
              Open the employment
            </Link>
          </>
        }
      >
        <div className="mt-3 flex flex-wrap gap-1.5">
          <OffboardingStatusBadge status={o.status} />
          {isConfidential(o) ? <Badge tone="violet">Confidential</Badge> : null}
        </div>
      </PageHeader>

      {justCreated && !done ? (
        <Alert tone="success" title="Offboarding submitted" role="status">
          <p>The employment is now offboarding. The provider reviews the request and agrees the termination date.</p>
        </Alert>
      ) : null}
      {done ? (
        <Alert tone="success" title="Status changed" role="status">
          <p>{done}</p>
        </Alert>
      ) : null}
      {query.isError ? <ErrorBanner operation="offboardings.read" error={toErrorPayload(query.error)} role="alert" /> : null}

      {moves.length > 0 ? (
        <Card aria-labelledby="sandbox-review">
          <CardHeader
            titleId="sandbox-review"
            title="Sandbox: the provider's review"
            description={`${OFFBOARDING_STATUS_DESCRIPTIONS[o.status]} In production the provider moves it; here you can (PATCH /v1/sandbox/offboardings/{id}).`}
          />
          <CardBody className="flex flex-wrap gap-2">
            {moves.map((m) => (
              <Button
                key={m}
                variant={m === "canceled" ? "danger" : "secondary"}
                onClick={() => {
                  setFailure(null);
                  setDone(null);
                  setMove(m);
                }}
              >
                {SANDBOX_MOVE_LABELS[m]}
              </Button>
            ))}
          </CardBody>
        </Card>
      ) : null}

      <OffboardingFacts offboarding={o} employee={employee} />

      <ActionDialog
        open={move !== null}
        title={move ? `${SANDBOX_MOVE_LABELS[move]} (sandbox)` : ""}
        confirmLabel={move ? SANDBOX_MOVE_LABELS[move] : ""}
        pendingLabel="Saving…"
        confirmVariant={move === "canceled" ? "danger" : "primary"}
        pending={mutation.isPending}
        feedback={failure ? <ErrorBanner operation="offboardings.sandbox" error={failure} role="alert" /> : null}
        onConfirm={() => void confirm()}
        onCancel={() => setMove(null)}
      >
        {move ? <p>{SANDBOX_MOVE_EFFECTS[move]}</p> : null}
      </ActionDialog>
    </div>
  );
}

function OffboardingFacts({ offboarding, employee }: { offboarding: Offboarding; employee: string }) {
  if (offboarding.type === "resignation") return <ResignationFacts offboarding={offboarding} employee={employee} />;
  const o = offboarding;
  const yesNo = (v: boolean) => (v ? "Yes" : "No");
  const rows: [string, ReactNode][] = [
    ["Employee", employee],
    ["Type", "Termination"],
    ["Status", `${OFFBOARDING_STATUS_LABELS[o.status]}: ${OFFBOARDING_STATUS_DESCRIPTIONS[o.status]}`],
    ["Proposed termination date", formatDate(o.proposed_termination_date)],
    ["Termination date", o.termination_date ? formatDate(o.termination_date) : "Not agreed yet"],
    ["Reason", TERMINATION_REASON_LABELS[o.termination_reason]],
    ["Reason described", o.reason_description],
    ["Risk assessment", o.risk_assessment_reasons.map((r) => RISK_REASON_LABELS[r]).join("; ") || "None given"],
    ["Employee expected to challenge it", yesNo(o.will_challenge_termination)],
    ...(o.will_challenge_termination
      ? ([["How", o.will_challenge_termination_description ?? "Not described"]] as [string, ReactNode][])
      : []),
    [
      "Employee aware",
      o.employee_awareness
        ? `${o.employee_awareness.date ? `Since ${formatDate(o.employee_awareness.date)}` : "Yes"}${o.employee_awareness.note ? `: ${o.employee_awareness.note}` : ""}`
        : "Not stated",
    ],
    ["Agrees to the time off amount", o.agrees_to_pto_amount === undefined ? "Not stated" : o.agrees_to_pto_amount ? "Yes" : "No"],
    ["Additional comments", o.additional_comments || "None"],
    ...(o.personal_email ? ([["Personal email", o.personal_email]] as [string, ReactNode][]) : []),
    ["Confidential", o.confidential ? "Yes: visible only to the person who submitted it" : "No"],
    ["Submitted", `${formatDateTime(o.submitted_at)} by user ${o.requested_by}`],
  ];
  return <FactsCard title="Termination details" rows={rows} />;
}

/** A resignation, as the provider may list one (Roster itself never has them). */
function ResignationFacts({ offboarding: o, employee }: { offboarding: ResignationOffboarding; employee: string }) {
  const rows: [string, ReactNode][] = [
    ["Employee", employee],
    ["Type", "Resignation"],
    ["Status", `${OFFBOARDING_STATUS_LABELS[o.status]}: ${OFFBOARDING_STATUS_DESCRIPTIONS[o.status]}`],
    ["Proposed last working day", formatDate(o.proposed_last_working_day)],
    ["Termination date", o.termination_date ? formatDate(o.termination_date) : "Not agreed yet"],
    ["Reason", offboardingReasonLabel(o)],
    ["Reason described", o.reason_description || "None"],
    ["Additional comments", o.additional_comments || "None"],
    ["Submitted", `${formatDateTime(o.submitted_at)} by user ${o.requested_by}`],
  ];
  return <FactsCard title="Resignation details" rows={rows} />;
}

function FactsCard({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <Card>
      <CardHeader title={title} />
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
