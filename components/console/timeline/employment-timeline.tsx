"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { ErrorBanner } from "@/components/console/error-banner";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toErrorPayload } from "@/lib/console/errors/present";
import { formatDateTime } from "@/lib/console/format";
import type { EmploymentTimeline as Timeline, TimelineSourceKey } from "@/lib/console/timeline/types";
import { employmentTimelineQuery } from "@/lib/queries/employment-timeline";
import type { QueryScope } from "@/lib/queries/scope";

// The employment page's "Timeline" section (docs/decisions/console-employment-timeline.md). Asked
// for by the browser once the page is shown (GET /api/bff/employments/{id}/timeline): its API calls
// and its audit query are not part of the page's own response, which never waits for them. The
// server render draws the loading card (aria-busy, a status line for screen readers).

const SOURCE_BADGES: Record<TimelineSourceKey, { label: string; tone: BadgeTone }> = {
  console: { label: "Console", tone: "violet" },
  webhooks: { label: "Webhook", tone: "sky" },
  api: { label: "API", tone: "gray" },
};

const DESCRIPTION = "Newest first: what was done in the console, the webhook events the API sent, and the API's dated records.";

export function EmploymentTimeline({ scope, employmentId }: { scope: QueryScope; employmentId: string }) {
  const query = useQuery(employmentTimelineQuery(scope, employmentId));
  if (query.data === undefined && !query.isError) {
    return (
      <Card aria-labelledby="timeline-title" aria-busy="true">
        <CardHeader titleId="timeline-title" title="Timeline" description={DESCRIPTION} />
        <CardBody className="space-y-4">
          <p role="status" className="sr-only">
            Loading the timeline…
          </p>
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="space-y-2">
              <Skeleton className="h-4 w-48" />
              <Skeleton className="h-4 w-80 max-w-full" />
            </div>
          ))}
        </CardBody>
      </Card>
    );
  }
  return (
    <Card aria-labelledby="timeline-title">
      <CardHeader titleId="timeline-title" title="Timeline" description={DESCRIPTION} />
      <CardBody className="space-y-4">
        {query.isError ? (
          <ErrorBanner
            error={toErrorPayload(query.error)}
            role="alert"
            actions={
              <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
                Try again
              </Button>
            }
          />
        ) : null}
        {query.data ? <TimelineBody timeline={query.data} /> : null}
      </CardBody>
    </Card>
  );
}

function TimelineBody({ timeline }: { timeline: Timeline }) {
  const notes = timeline.sources.filter((s) => s.state !== "ok");
  const truncated = timeline.truncated || timeline.sources.some((s) => s.truncated);
  return (
    <>
      {notes.map((s) => (
        <Alert key={s.key} tone="warning" title={s.state === "unavailable" ? `${s.label}: not shown` : `${s.label}: partly shown`}>
          {s.messages.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </Alert>
      ))}
      {timeline.entries.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">Nothing has happened to this employment yet.</p>
      ) : (
        <ol aria-label="Timeline entries, newest first" className="relative space-y-0 border-l border-slate-200 dark:border-slate-700">
          {timeline.entries.map((entry) => {
            const badge = SOURCE_BADGES[entry.source];
            return (
              <li key={entry.key} className="relative pb-4 pl-5 last:pb-0">
                <span
                  aria-hidden="true"
                  className={`absolute -left-[5px] top-1.5 size-2.5 rounded-full ring-2 ring-white dark:ring-slate-900 ${
                    entry.problem ? "bg-red-600" : "bg-brand-600"
                  }`}
                />
                <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <time dateTime={entry.at} className="text-xs font-medium text-slate-700 tabular-nums dark:text-slate-300">
                    {formatDateTime(entry.at)}
                  </time>
                  <Badge tone={badge.tone}>{badge.label}</Badge>
                  {entry.problem ? <Badge tone="red">Failed</Badge> : null}
                </div>
                <p className="mt-1 text-sm font-medium text-slate-900 dark:text-slate-100">
                  {entry.title}{" "}
                  <Link
                    href={entry.href}
                    aria-label={`${entry.linkLabel}: ${entry.title}`}
                    className="ml-1 text-sm font-normal text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300"
                  >
                    {entry.linkLabel}
                  </Link>
                </p>
                {entry.actor ? <p className="mt-0.5 text-sm text-slate-700 dark:text-slate-300">By {entry.actor}</p> : null}
                {entry.detail ? <p className="mt-0.5 break-all text-xs text-slate-600 dark:text-slate-400">{entry.detail}</p> : null}
              </li>
            );
          })}
        </ol>
      )}
      {truncated ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Older entries are left out: the timeline reads the latest page of each source.
        </p>
      ) : null}
    </>
  );
}
