import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Stepper } from "@/components/ui/stepper";
import { Table, TableContainer, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import type { Employment } from "@/lib/contract";
import type { FieldGroup, FieldValue, SectionView } from "@/lib/console/employments/detail-groups";
import { flagEmoji, formatDate, formatDateTime } from "@/lib/console/format";
import { humanize, LIFECYCLE_LABELS } from "@/lib/console/employments/labels";
import { lifecycleSteps, type OnboardingProgress } from "@/lib/console/employments/onboarding";

// Presentational pieces of the employment page (no data fetching, no state).

export function FieldValueView({ value }: { value: FieldValue }) {
  switch (value.kind) {
    case "text":
      return <span className="break-words">{value.text}</span>;
    case "code":
      return <code className="detail-code">{value.text}</code>;
    case "email":
      return (
        <a href={`mailto:${value.email}`} className="break-all text-brand-700 underline-offset-2 hover:underline dark:text-brand-50">
          {value.email}
        </a>
      );
    case "date":
      return <time dateTime={value.iso}>{formatDate(value.iso)}</time>;
    case "datetime":
      return <time dateTime={value.iso}>{formatDateTime(value.iso)}</time>;
    case "boolean":
      return <span>{value.value ? "Yes" : "No"}</span>;
    case "badge":
      return (
        <Badge tone={value.tone} title={value.title}>
          {value.text}
        </Badge>
      );
    case "link":
      return (
        <Link href={value.href} className="text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-50">
          {value.text}
        </Link>
      );
    case "list":
      return (
        <ul className="flex flex-wrap gap-1">
          {value.items.map((item) => (
            <li key={item} className="detail-chip">
              {item}
            </li>
          ))}
        </ul>
      );
    case "empty":
      return <span className="text-slate-600 italic dark:text-slate-400">{value.text}</span>;
  }
}

export function FieldGroupCard({ group }: { group: FieldGroup }) {
  const titleId = `group-${group.id}`;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader title={group.title} titleId={titleId} />
      <CardBody>
        <dl className="detail-divided">
          {group.rows.map((row) => (
            <div key={row.key} className="detail-row">
              <dt className="detail-term">{row.label}</dt>
              <dd className="detail-value">
                <FieldValueView value={row.value} />
                {row.hint ? <p className="detail-hint">{row.hint}</p> : null}
              </dd>
            </div>
          ))}
        </dl>
      </CardBody>
    </Card>
  );
}

export function LifecycleCard({ employment }: { employment: Pick<Employment, "employment_lifecycle_stage"> }) {
  const steps = lifecycleSteps(employment.employment_lifecycle_stage);
  const current = steps.find((s) => s.state === "current");
  return (
    <Card aria-labelledby="lifecycle-title">
      <CardHeader
        title="Lifecycle"
        titleId="lifecycle-title"
        description={
          current ? (
            <>
              Stage {current.position} of {steps.length}:{" "}
              <strong className="font-semibold text-slate-900 dark:text-slate-100">{LIFECYCLE_LABELS[current.key]}</strong>
            </>
          ) : null
        }
      />
      <CardBody className="py-5">
        <Stepper steps={steps} label="Lifecycle stages" />
      </CardBody>
    </Card>
  );
}

export function OnboardingCard({ progress }: { progress: OnboardingProgress }) {
  const valueText = `${progress.completed} of ${progress.total} tasks completed`;
  return (
    <Card aria-labelledby="onboarding-title">
      <CardHeader title="Onboarding progress" titleId="onboarding-title" description={`${valueText} (${progress.percent}%)`} />
      <CardBody className="space-y-4">
        <Progress value={progress.completed} max={progress.total} label="Onboarding progress" valueText={valueText} />
        <ul className="detail-divided">
          {progress.tasks.map((task) => (
            <li key={task.key} className="detail-task">
              <span aria-hidden="true" className={task.status === "completed" ? "detail-task-done" : "detail-task-pending"}>
                {task.status === "completed" ? (
                  <svg viewBox="0 0 16 16" fill="none" className="size-3">
                    <path d="m3.5 8.5 3 3 6-7" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                ) : null}
              </span>
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900 dark:text-slate-100">
                  {task.label}{" "}
                  <Badge tone={task.status === "completed" ? "green" : "amber"} className="ml-1 align-middle">
                    {task.status === "completed" ? "Completed" : "Pending"}
                  </Badge>
                </p>
                {task.description ? <p className="text-sm text-slate-600 dark:text-slate-400">{task.description}</p> : null}
                {task.action.kind === "unavailable" ? (
                  <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{task.action.reason}</p>
                ) : null}
              </div>
              {task.action.kind === "form" ? (
                <Link
                  href={task.action.href}
                  className="col-start-2 inline-flex h-8 items-center justify-self-start rounded-md border sm:col-start-3 border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-900 shadow-sm hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
                >
                  {task.action.label}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}

export function FilesCard({ files }: { files: Employment["files"] }) {
  return (
    <Card aria-labelledby="files-title">
      <CardHeader
        title="Files"
        titleId="files-title"
        description={files.length === 0 ? "No files yet." : `${files.length} file${files.length === 1 ? "" : "s"}`}
      />
      {files.length > 0 ? (
        <TableContainer label="Files table">
          <Table>
            <THead>
              <Tr>
                <Th>Name</Th>
                <Th>Type</Th>
                <Th>Added</Th>
              </Tr>
            </THead>
            <TBody>
              {[...files]
                .sort((a, b) => b.inserted_at.localeCompare(a.inserted_at))
                .map((f) => (
                  <Tr key={f.id}>
                    <Td className="break-all font-medium">{f.name}</Td>
                    <Td>
                      <span className="whitespace-nowrap">{humanize(f.type)}</span>
                      {f.sub_type ? <span className="block text-xs text-slate-600 dark:text-slate-400">{humanize(f.sub_type)}</span> : null}
                    </Td>
                    <Td className="whitespace-nowrap">
                      <time dateTime={f.inserted_at}>{formatDateTime(f.inserted_at)}</time>
                    </Td>
                  </Tr>
                ))}
            </TBody>
          </Table>
        </TableContainer>
      ) : null}
    </Card>
  );
}

/** Country-form data, one collapsible block per section (contents vary by country). */
export function FormSectionsCard({ sections }: { sections: SectionView[] }) {
  return (
    <Card aria-labelledby="sections-title">
      <CardHeader
        title="Country form data"
        titleId="sections-title"
        description="What was submitted through the country's forms. Contents vary by country."
      />
      <CardBody className="divide-y divide-slate-100 p-0 dark:divide-slate-800">
        {sections.map((s) => (
          <details key={s.key} className="group px-5 py-3">
            <summary className="detail-section-summary">
              <span>{s.title}</span>
              <span className="detail-section-count">
                {s.entries.length === 0 ? "Not filled" : `${s.entries.length} field${s.entries.length === 1 ? "" : "s"}`}
                <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 transition-transform group-open:rotate-180">
                  <path d="m4 6 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </span>
            </summary>
            {s.entries.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Nothing submitted for this section yet.</p>
            ) : (
              <dl className="detail-section-list">
                {s.entries.map((e) => (
                  <div key={e.path} className="contents">
                    <dt className="detail-section-term">{e.label}</dt>
                    <dd className="detail-section-value">{e.value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </details>
        ))}
      </CardBody>
    </Card>
  );
}

/** Flag and name for the page header. */
export function CountryInline({ country }: { country: Employment["country"] }) {
  if (!country) return <span>No country</span>;
  const flag = flagEmoji(country.alpha_2_code);
  return (
    <span className="inline-flex items-center gap-1">
      {flag ? <span aria-hidden="true">{flag}</span> : null}
      {country.name}
    </span>
  );
}
