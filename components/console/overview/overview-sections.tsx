import Link from "next/link";
import { Suspense, type ReactNode } from "react";
import { ErrorBanner } from "@/components/console/error-banner";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate, formatDateTime, plural } from "@/lib/console/format";
import { AT_RISK_WINDOW_DAYS } from "@/lib/console/overview/at-risk";
import type { ActivitySection, AtRiskSection, OverviewFailure, OverviewSource, WaitingSection } from "@/lib/console/overview/types";

// The overview's three sections (company home and partner home): Onboarding at risk, Waiting for
// approval, Recent activity. Each streams on its own behind a skeleton that already carries its
// heading; a failed call is shown in its section with the API's words and request id.

export interface OverviewSectionsProps {
  loads: {
    sources: Promise<OverviewSource[]>;
    atRisk: Promise<AtRiskSection>;
    waiting: Promise<WaitingSection>;
    activity: Promise<ActivitySection>;
  };
  /** Across companies: each row names its company, and links go through the company switch (plain links). */
  partner: boolean;
  /** Awaits a load (a 401 redirects to sign-in with this page as the way back). */
  settle: <T>(load: Promise<T>) => Promise<T>;
}

const SECTIONS = {
  atRisk: { id: "overview-at-risk", title: "Onboarding at risk" },
  waiting: { id: "overview-waiting", title: "Waiting for approval" },
  activity: { id: "overview-activity", title: "Recent activity" },
} as const;

export function OverviewSections({ loads, partner, settle }: OverviewSectionsProps) {
  return (
    <div className="space-y-6" data-testid="overview">
      <Suspense fallback={<p className="h-5" aria-hidden="true" />}>
        <SourcesLine sources={settle(loads.sources)} />
      </Suspense>
      <Suspense fallback={<SectionSkeleton {...SECTIONS.atRisk} rows={3} />}>
        <AtRiskCard load={settle(loads.atRisk)} partner={partner} />
      </Suspense>
      <div className="grid gap-6 xl:grid-cols-2">
        <Suspense fallback={<SectionSkeleton {...SECTIONS.waiting} rows={4} />}>
          <WaitingCard load={settle(loads.waiting)} partner={partner} />
        </Suspense>
        <Suspense fallback={<SectionSkeleton {...SECTIONS.activity} rows={4} />}>
          <ActivityCard load={settle(loads.activity)} partner={partner} />
        </Suspense>
      </div>
    </div>
  );
}

/** A link of a row: a partner's switches the session's company, so it is a plain link, never prefetched. */
function RowLink({ href, partner, children, label }: { href: string; partner: boolean; children: ReactNode; label?: string }) {
  const className =
    "font-medium text-brand-700 underline underline-offset-2 hover:no-underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-50";
  return partner ? (
    <a href={href} className={className} aria-label={label}>
      {children}
    </a>
  ) : (
    <Link href={href} className={className} aria-label={label}>
      {children}
    </Link>
  );
}

function SectionSkeleton({ id, title, rows }: { id: string; title: string; rows: number }) {
  return (
    <Card aria-labelledby={id} aria-busy="true">
      <CardHeader titleId={id} title={title} />
      <div className="space-y-3 px-5 py-4">
        <p role="status" className="sr-only">
          Loading {title.toLowerCase()}…
        </p>
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="space-y-2">
            <Skeleton className="h-4 w-48 max-w-full" />
            <Skeleton className="h-3 w-96 max-w-full" />
          </div>
        ))}
      </div>
    </Card>
  );
}

function Failures({ failures, partner }: { failures: OverviewFailure[]; partner: boolean }) {
  if (failures.length === 0) return null;
  return (
    <div className="space-y-3 px-5 pt-4">
      {failures.map((f, i) => (
        <ErrorBanner
          key={`${f.company.id}-${i}`}
          error={f.error}
          title={
            partner ? `${f.company.name}: ${f.what} could not be read` : `${f.what[0]!.toUpperCase()}${f.what.slice(1)} could not be read`
          }
        />
      ))}
    </div>
  );
}

function CompanyName({ name, partner }: { name: string; partner: boolean }) {
  return partner ? <span className="text-sm text-slate-600 dark:text-slate-400"> · {name}</span> : null;
}

/** Where the rows come from: the read model (how fresh) or live API calls. */
async function SourcesLine({ sources }: { sources: Promise<OverviewSource[]> }) {
  const list = await sources;
  if (list.length === 0) return null;
  const describe = (s: OverviewSource) => {
    if (s.source === "live") return "read live from the API";
    if (s.source === "skipped") return s.reason;
    const when = s.lastSyncedAt ? `synced ${formatDateTime(s.lastSyncedAt)}` : "not synced yet";
    if (s.state === "behind") return `from the read model, ${when}; behind: ${s.detail ?? "waiting for request budget"}`;
    if (s.state === "failing") return `from the read model, ${when}; the last sync failed: ${s.detail ?? "unknown error"}`;
    return `from the read model, ${when}`;
  };
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="overview-freshness">
      {list.length === 1 ? (
        <>Employments, time off and expenses: {describe(list[0]!)}.</>
      ) : (
        <>
          Employments, time off and expenses:{" "}
          {list.map((s, i) => (
            <span key={s.company.id}>
              {i > 0 ? "; " : ""}
              {s.company.name} {describe(s)}
            </span>
          ))}
          .
        </>
      )}
    </p>
  );
}

async function AtRiskCard({ load, partner }: { load: Promise<AtRiskSection>; partner: boolean }) {
  const section = await load;
  const { id, title } = SECTIONS.atRisk;
  return (
    <Card aria-labelledby={id} data-testid="overview-at-risk">
      <CardHeader
        titleId={id}
        title={title}
        description={`Employments starting sooner than their country's onboarding time, or within ${AT_RISK_WINDOW_DAYS} days with onboarding tasks pending.`}
        actions={section.rows.length > 0 ? <Badge tone="amber">{plural(section.rows.length, "employment")}</Badge> : undefined}
      />
      <Failures failures={section.failures} partner={partner} />
      {section.rows.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-700 dark:text-slate-300">
          {section.candidates === 0
            ? "No employment is onboarding."
            : `None of the ${plural(section.checked, "employment")} still onboarding is at risk.`}
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {section.rows.map((row) => (
            <li key={`${row.company.id}-${row.id}`} className="flex flex-col gap-2 px-5 py-4 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 space-y-1">
                <p>
                  <RowLink href={row.employmentHref} partner={partner}>
                    {row.fullName}
                  </RowLink>
                  <CompanyName name={row.company.name} partner={partner} />
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {row.countryName ?? "No country"} · {row.daysToStart < 0 ? "was to start" : "starts"} {formatDate(row.startDate)}
                </p>
                <ul className="list-disc space-y-0.5 pl-5 text-sm text-slate-800 dark:text-slate-200">
                  {row.reasons.map((r) => (
                    <li key={r.kind}>{r.text}</li>
                  ))}
                </ul>
              </div>
              <div className="shrink-0 text-sm sm:pt-0.5">
                <RowLink href={row.href} partner={partner} label={`${row.link.label} of ${row.fullName}`}>
                  {row.link.label}
                </RowLink>
              </div>
            </li>
          ))}
        </ul>
      )}
      {section.notes.length > 0 ? (
        <div className="px-5 pb-4">
          <Alert tone="info" title="Not everything was checked">
            <ul className="list-disc pl-5">
              {section.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </Alert>
        </div>
      ) : null}
    </Card>
  );
}

async function WaitingCard({ load, partner }: { load: Promise<WaitingSection>; partner: boolean }) {
  const section = await load;
  const { id, title } = SECTIONS.waiting;
  const total = section.totals.time_off + section.totals.expense;
  return (
    <Card aria-labelledby={id} data-testid="overview-waiting">
      <CardHeader
        titleId={id}
        title={title}
        description={`${plural(section.totals.time_off, "time off request")} and ${plural(section.totals.expense, "expense")} waiting, oldest first.`}
      />
      <Failures failures={section.failures} partner={partner} />
      {section.items.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-700 dark:text-slate-300">Nothing is waiting for approval.</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {section.items.map((item) => (
            <li
              key={`${item.kind}-${item.id}`}
              className="flex flex-col gap-1 px-5 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4"
            >
              <div className="min-w-0">
                <p className="text-sm">
                  <Badge tone={item.kind === "expense" ? "blue" : "gray"}>{item.kind === "expense" ? "Expense" : "Time off"}</Badge>{" "}
                  <span className="font-medium text-slate-900 dark:text-slate-100">{item.employeeName ?? "An employee"}</span>
                  <CompanyName name={item.company.name} partner={partner} />
                </p>
                <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{item.summary}</p>
              </div>
              <div className="shrink-0 text-sm">
                <RowLink
                  href={item.href}
                  partner={partner}
                  label={`${item.linkLabel}: ${item.employeeName ?? "an employee"}, ${item.summary}`}
                >
                  {item.linkLabel}
                </RowLink>
              </div>
            </li>
          ))}
        </ul>
      )}
      {total > section.items.length && section.items.length > 0 ? (
        <p className="border-t border-slate-200 px-5 py-3 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
          The {plural(section.items.length, "oldest item")} of {total} are shown.
        </p>
      ) : null}
    </Card>
  );
}

async function ActivityCard({ load, partner }: { load: Promise<ActivitySection>; partner: boolean }) {
  const section = await load;
  const { id, title } = SECTIONS.activity;
  return (
    <Card aria-labelledby={id} data-testid="overview-activity">
      <CardHeader titleId={id} title={title} description="Changes the console made at the API, and webhook events, newest first." />
      <Failures failures={section.failures} partner={partner} />
      {section.items.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-700 dark:text-slate-300">
          {partner
            ? "No change was made through the console for these companies yet, and the console received no webhook event for them."
            : "No change was made through the console yet, and no webhook event was sent to your callbacks."}
        </p>
      ) : (
        <ol className="divide-y divide-slate-200 dark:divide-slate-800">
          {section.items.map((item) => (
            <li key={`${item.kind}-${item.id}`} className="px-5 py-3 text-sm">
              <p className="flex flex-wrap items-baseline gap-x-2">
                <time dateTime={item.at} className="text-slate-600 tabular-nums dark:text-slate-400">
                  {formatDateTime(item.at)}
                </time>
                <Badge tone={item.kind === "webhook" ? "blue" : "gray"}>{item.kind === "webhook" ? "Webhook" : "Change"}</Badge>
                <CompanyName name={item.company.name} partner={partner} />
              </p>
              <p className="mt-0.5 break-words font-medium text-slate-900 dark:text-slate-100">
                {item.href ? (
                  <RowLink href={item.href} partner={partner}>
                    {item.title}
                  </RowLink>
                ) : (
                  item.title
                )}
              </p>
              <p className="text-slate-600 dark:text-slate-400">{item.detail}</p>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
