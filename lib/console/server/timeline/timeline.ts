import "server-only";
import type { Employment, Environment } from "@/lib/contract";
import { ApiRequestError, describeApiError, type ApiErrorPayload } from "@/lib/console/api-errors";
import { amendmentHref } from "@/lib/console/contract-amendments/links";
import { employmentEditHref, employmentHref } from "@/lib/console/employments/links";
import { expenseHref } from "@/lib/console/expenses/links";
import { offboardingHref } from "@/lib/console/offboardings/links";
import { TIMEOFF_PATH } from "@/lib/console/timeoff/links";
import { WEBHOOK_DELIVERIES_PATH } from "@/lib/console/webhooks/links";
import type { WebhookDeliveryRow } from "@/lib/console/webhooks/read";
import type { ApiClient } from "../api-client";
import { listContractAmendments } from "../contract-amendments/api";
import type { ConsoleDb } from "../db/client";
import { listExpenses } from "../expenses/api";
import { listOffboardings } from "../offboardings/api";
import { listTimeoff } from "../timeoff/api";
import { listEmploymentWebhookDeliveries } from "../webhooks/api";
import type { EmploymentTimeline, TimelineEntry, TimelineSourceKey, TimelineSourceState } from "../../timeline/types";
import { listEmploymentAudit, type EmploymentAuditRecord } from "./audit";

// One employment's timeline (issue 14): the console's audit entries, the API's webhook deliveries
// that name it, and the API's own dated records of it (created, files, contract amendments,
// offboardings, time off approved or cancelled, expenses reviewed), merged newest first.
// docs/decisions/console-employment-timeline.md. Bounded: one page of each source, all at once; the
// employment is passed in (its load runs beside the parts, never fetched twice: ./load.ts).

export type { EmploymentTimeline, TimelineEntry, TimelineSourceKey, TimelineSourceState };

export interface TimelineDeps {
  api: ApiClient;
  db: ConsoleDb;
  environment: Environment;
  companyId: string;
}

/** Records read per part (one page each; the API's page size limit is 100). */
export const TIMELINE_PAGE_SIZE = 50;
/** Entries shown at most. */
export const TIMELINE_LIMIT = 100;

/** The onboarding tasks as webhook payloads name them (`employment.onboarding_task.completed`). */
const TASK_LABELS: Record<string, string> = {
  personal_details: "personal details",
  address_details: "address",
  administrative_details: "administrative details",
  bank_account_details: "bank account",
  billing_address_details: "billing address",
  contract_details: "contract details",
  emergency_contact_details: "emergency contact",
  employment_document_details: "employment documents",
  pricing_plan_details: "pricing plan",
};

const EVENT_TITLES: Record<string, string> = {
  "employment.account.updated": "Account e-mail updated",
  "employment.administrative_details.updated": "Administrative details updated",
  "employment.details.updated": "Department or manager updated",
  "employment.employment_agreement.available": "Employment agreement available",
  "employment.onboarding.completed": "Onboarding completed",
  "employment.onboarding_task.completed": "Onboarding task completed",
  "employment.user_status.activated": "User status activated",
  "employment.user_status.deactivated": "User status deactivated",
  "employment.personal_information.updated": "Personal information updated",
  "contract_amendment.done": "Contract amendment done",
  "expense.approved": "Expense approved",
  "expense.declined": "Expense declined",
  "expense.updated": "Expense updated",
  "expense.deleted": "Expense deleted",
  "incentive.created": "Incentive created",
  "incentive.updated": "Incentive updated",
  "incentive.deleted": "Incentive deleted",
  "incentive.paid": "Incentive paid",
  "incentive.processing_started": "Incentive processing started",
  "offboarding.submitted": "Offboarding submitted",
  "offboarding.review_started": "Offboarding review started",
  "offboarding.deleted": "Offboarding deleted",
  "background_check.status.updated": "Background check status updated",
};

const humanize = (key: string) => key.replace(/[_.-]+/g, " ").replace(/^\w/, (c) => c.toUpperCase());

/** What a console call did, said from the employment's point of view. */
export function describeAuditCall(method: string, path: string, employmentId: string): { title: string; href: string; linkLabel?: string } {
  const segments = path.split("/");
  const at = segments.indexOf(employmentId);
  const before = segments.slice(0, at);
  const after = segments.slice(at + 1);
  const area = before[before.length - 1] ?? "";
  const own = employmentHref(employmentId);
  if (area === "employments" && before.includes("sandbox")) return { title: "Employment activated (sandbox)", href: own };
  if (area === "employments" && after.length === 0 && method === "PATCH") {
    // v2 is "Edit employment"; v1 takes one country-form section per call (onboarding forms).
    return before[0] === "v2"
      ? { title: "Employment updated", href: employmentEditHref(employmentId), linkLabel: "Edit" }
      : { title: "Onboarding form section submitted", href: `${own}#onboarding-title` };
  }
  if (area === "employments" && after[0] === "invite") return { title: "Invitation sent", href: own };
  if (area === "values" && before.includes("custom-fields")) return { title: "Custom field value set", href: own };
  return { title: `${method} ${path}`, href: own };
}

function auditEntry(r: EmploymentAuditRecord, employmentId: string): TimelineEntry {
  const { title, href, linkLabel = "Open" } = describeAuditCall(r.method, r.path, employmentId);
  const ok = r.status >= 200 && r.status < 300;
  const answer = r.status === 0 ? "the API could not be reached" : ok ? `answered ${r.status}` : `refused with ${r.status}`;
  const actor = [r.actor.name, r.actor.email ? `<${r.actor.email}>` : null].filter(Boolean).join(" ") || null;
  return {
    key: `console:${r.id}`,
    at: r.at.toISOString(),
    source: "console",
    title: ok ? title : `${title} (failed)`,
    detail: `${r.method} ${r.path}: ${answer}${r.requestId ? ` · request ${r.requestId}` : ""}`,
    actor,
    href,
    linkLabel,
    problem: !ok,
  };
}

/** One entry per event (a company with several callbacks has a delivery of it for each). */
function webhookEntries(rows: readonly WebhookDeliveryRow[]): TimelineEntry[] {
  const byEvent = new Map<string, WebhookDeliveryRow[]>();
  for (const row of rows) {
    const key = row.event_id ?? row.id;
    byEvent.set(key, [...(byEvent.get(key) ?? []), row]);
  }
  return [...byEvent.entries()].map(([eventId, deliveries]) => {
    const first = deliveries.reduce((a, b) => (a.first_triggered_at <= b.first_triggered_at ? a : b));
    const delivered = deliveries.filter((d) => d.status === "delivered").length;
    const failed = deliveries.filter((d) => d.status === "failed").length;
    const task = typeof first.payload?.onboarding_task === "string" ? first.payload.onboarding_task : null;
    const base = EVENT_TITLES[first.event_type] ?? humanize(first.event_type);
    const callbacks = deliveries.length === 1 ? "1 callback" : `${deliveries.length} callbacks`;
    return {
      key: `webhooks:${eventId}`,
      at: first.first_triggered_at,
      source: "webhooks" as const,
      title: task ? `${base}: ${TASK_LABELS[task] ?? humanize(task)}` : base,
      detail: `${first.event_type} · delivered to ${delivered} of ${callbacks}${failed ? ` · ${failed} failed` : ""}`,
      actor: null,
      href: `${WEBHOOK_DELIVERIES_PATH}?delivery=${encodeURIComponent(first.id)}`,
      linkLabel: "Delivery",
      problem: failed > 0,
    };
  });
}

interface Part<T> {
  source: TimelineSourceKey;
  name: string;
  load: () => Promise<T>;
  entries: (value: T) => TimelineEntry[];
  truncated?: (value: T) => boolean;
  /** What a 404 of this part means (the API has no such route), instead of an error. */
  notFound?: string;
}

/** A part, type-checked on its own, then kept in one list (its value only ever goes back to its own functions). */
const part = <T>(p: Part<T>): Part<unknown> => p as unknown as Part<unknown>;

const SOURCE_LABELS: Record<TimelineSourceKey, string> = {
  console: "Console audit log",
  webhooks: "Webhook events",
  api: "API records",
};

function partMessage(name: string, error: unknown, notFound?: string): string {
  if (error instanceof ApiRequestError) {
    const p: ApiErrorPayload = error.payload;
    if (p.status === 404 && notFound) return notFound;
    if (p.status === 403) return `${name}: the connection lacks the permission to read them.`;
    return `${name} could not be read: ${describeApiError(p)}`;
  }
  return `${name} could not be read: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * The employment's timeline. `employment` is the page's own load of it: its rejection (a 404, e.g.
 * an employment of another company) rejects the timeline, so nothing of an employment the session
 * cannot see is ever shown. Every other part is read at once, one bounded page each; a part that
 * fails is named in `sources`, the others are still shown.
 */
export async function loadEmploymentTimeline(
  deps: TimelineDeps,
  employmentId: string,
  employment: Promise<Employment>,
  options: { pageSize?: number; limit?: number } = {},
): Promise<EmploymentTimeline> {
  const page_size = options.pageSize ?? TIMELINE_PAGE_SIZE;
  const limit = options.limit ?? TIMELINE_LIMIT;
  const { api } = deps;
  const id = employmentId;
  const parts: Part<unknown>[] = [
    part({
      source: "console",
      name: "The console's audit entries",
      load: () =>
        listEmploymentAudit(deps.db, { environment: deps.environment, companyId: deps.companyId, employmentId: id, limit: page_size + 1 }),
      entries: (rows: EmploymentAuditRecord[]) => rows.slice(0, page_size).map((r) => auditEntry(r, id)),
      truncated: (rows: EmploymentAuditRecord[]) => rows.length > page_size,
    }),
    part({
      source: "webhooks",
      name: "Webhook events",
      load: () => listEmploymentWebhookDeliveries(api, { employment_id: id, company_id: deps.companyId, page: 1, page_size }),
      entries: (page: { webhook_events: WebhookDeliveryRow[] }) => webhookEntries(page.webhook_events),
      truncated: (page: { total_pages: number }) => page.total_pages > 1,
      notFound: "Webhook events: this API cannot list the deliveries of one employment.",
    }),
    part({
      source: "api",
      name: "Contract amendments",
      load: () => listContractAmendments(api, { page: 1, page_size, employment_id: id }),
      entries: (page: Awaited<ReturnType<typeof listContractAmendments>>) =>
        page.contract_amendments.map((a) => ({
          key: `amendment:${a.id}`,
          at: a.submitted_at,
          source: "api" as const,
          title: "Contract amendment submitted",
          detail: `${humanize(a.reason_for_change)} · effective ${a.requested_effective_date} · ${humanize(a.status)}`,
          actor: null,
          href: amendmentHref(a.id),
          linkLabel: "Amendment",
        })),
      truncated: (page: { total_pages: number }) => page.total_pages > 1,
    }),
    part({
      source: "api",
      name: "Offboardings",
      load: () => listOffboardings(api, { page: 1, page_size, employment_id: id } as Parameters<typeof listOffboardings>[1]),
      entries: (page: Awaited<ReturnType<typeof listOffboardings>>) =>
        page.offboardings.map((o) => ({
          key: `offboarding:${o.id}`,
          at: o.submitted_at,
          source: "api" as const,
          title: o.type === "resignation" ? "Resignation submitted" : "Termination submitted",
          detail: humanize(o.status),
          actor: null,
          href: offboardingHref(o.id),
          linkLabel: "Offboarding",
        })),
      truncated: (page: { total_pages: number }) => page.total_pages > 1,
    }),
    part({
      source: "api",
      name: "Time off",
      load: () => listTimeoff(api, { page: 1, page_size, employment_id: id } as Parameters<typeof listTimeoff>[1]),
      entries: (page: Awaited<ReturnType<typeof listTimeoff>>) =>
        page.timeoffs.flatMap((t) => {
          const what = `${humanize(t.timeoff_type)}, ${t.start_date} to ${t.end_date}`;
          const href = `${TIMEOFF_PATH}?employment_id=${encodeURIComponent(id)}`;
          const out: TimelineEntry[] = [];
          if (t.approved_at)
            out.push({
              key: `timeoff-approved:${t.id}`,
              at: t.approved_at,
              source: "api",
              title: "Time off approved",
              detail: what,
              actor: null,
              href,
              linkLabel: "Time off",
            });
          if (t.cancelled_at)
            out.push({
              key: `timeoff-cancelled:${t.id}`,
              at: t.cancelled_at,
              source: "api",
              title: "Time off cancelled",
              detail: t.cancel_reason ? `${what} · ${t.cancel_reason}` : what,
              actor: null,
              href,
              linkLabel: "Time off",
            });
          return out;
        }),
      truncated: (page: { total_pages: number }) => page.total_pages > 1,
    }),
    part({
      source: "api",
      name: "Expenses",
      load: () => listExpenses(api, { page: 1, page_size, employment_id: id } as Parameters<typeof listExpenses>[1]),
      entries: (page: Awaited<ReturnType<typeof listExpenses>>) =>
        page.expenses.flatMap((x) =>
          x.reviewed_at
            ? [
                {
                  key: `expense:${x.id}`,
                  at: x.reviewed_at,
                  source: "api" as const,
                  title: `Expense ${x.status === "declined" ? "declined" : "reviewed"}${x.status === "approved" ? " (approved)" : ""}`,
                  detail: [x.title, x.reason].filter(Boolean).join(" · ") || null,
                  actor:
                    [x.reviewer?.user_name, x.reviewer?.user_email ? `<${x.reviewer.user_email}>` : null].filter(Boolean).join(" ") || null,
                  href: expenseHref(x.id),
                  linkLabel: "Expense",
                },
              ]
            : [],
        ),
      truncated: (page: { total_pages: number }) => page.total_pages > 1,
    }),
  ];

  // The page's own load of the employment, awaited after the parts started so that all run at once;
  // its failure is taken at once (a 404 while the parts run must not be an unhandled rejection).
  const loaded = employment.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  const settled = await Promise.allSettled(parts.map((p) => p.load()));
  const got = await loaded;
  if (!got.ok) throw got.error;
  const e = got.value;

  const own = employmentHref(id);
  const entries: TimelineEntry[] = [
    {
      key: "employment:created",
      at: e.created_at,
      source: "api",
      title: "Employment created",
      detail: null,
      actor: null,
      href: `${own}#lifecycle-title`,
      linkLabel: "Lifecycle",
    },
    ...e.files.map((f): TimelineEntry => ({
      key: `file:${f.id}`,
      at: f.inserted_at,
      source: "api",
      title: `File added: ${f.name}`,
      detail: humanize(f.type),
      actor: null,
      href: `${own}#files-title`,
      linkLabel: "Files",
    })),
  ];
  const states = new Map<TimelineSourceKey, TimelineSourceState>(
    (["console", "webhooks", "api"] as const).map((k) => [
      k,
      { key: k, label: SOURCE_LABELS[k], state: "ok", messages: [], truncated: false },
    ]),
  );
  const failures = new Map<TimelineSourceKey, number>();
  const totals = new Map<TimelineSourceKey, number>();
  parts.forEach((p, i) => {
    const result = settled[i]!;
    const state = states.get(p.source)!;
    totals.set(p.source, (totals.get(p.source) ?? 0) + 1);
    if (result.status === "rejected") {
      state.messages.push(partMessage(p.name, result.reason, p.notFound));
      failures.set(p.source, (failures.get(p.source) ?? 0) + 1);
      return;
    }
    entries.push(...p.entries(result.value));
    if (p.truncated?.(result.value)) state.truncated = true;
  });
  for (const [key, failed] of failures) {
    const state = states.get(key)!;
    // The API source also holds the employment's own dates, so it is never wholly unavailable.
    state.state = failed === totals.get(key) && key !== "api" ? "unavailable" : "partial";
  }

  // Newest first, by instant (sources write ISO 8601 with and without milliseconds); ties by key, so
  // the order never changes between renders.
  const timed = entries.map((entry) => ({ entry: { ...entry, at: new Date(entry.at).toISOString() }, t: Date.parse(entry.at) }));
  timed.sort((a, b) => b.t - a.t || a.entry.key.localeCompare(b.entry.key));
  return { entries: timed.slice(0, limit).map((x) => x.entry), sources: [...states.values()], truncated: timed.length > limit };
}
