import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Employment, EmploymentListItem, Environment, Expense, Timeoff } from "@/lib/contract";
import { ApiRequestError, type ApiErrorPayload } from "@/lib/console/api-errors";
import { employmentHref } from "@/lib/console/employments/links";
import { expenseHref } from "@/lib/console/expenses/links";
import { expenseTitle } from "@/lib/console/expenses/labels";
import { formatAmount, formatDate } from "@/lib/console/format";
import {
  assessOnboardingRisk,
  byUrgency,
  ONBOARDING_STATUSES,
  onboardingRequirementOf,
  type OnboardingRequirement,
} from "@/lib/console/overview/at-risk";
import {
  OVERVIEW_LIMITS,
  type ActivityItem,
  type ActivitySection,
  type AtRiskRow,
  type AtRiskSection,
  type OverviewCompany,
  type OverviewFailure,
  type OverviewLimits,
  type OverviewSource,
  type WaitingItem,
  type WaitingSection,
} from "@/lib/console/overview/types";
import { TIMEOFF_TYPE_LABELS } from "@/lib/console/timeoff/labels";
import { timeoffList } from "@/lib/console/timeoff/list";
import { WEBHOOK_DELIVERIES_PATH } from "@/lib/console/webhooks/links";
import type { ApiClient } from "../api-client";
import { getForm } from "../countries/api";
import type { ConsoleDb } from "../db/client";
import { readmodelEmployments, readmodelWebhookEvents } from "../db/schema";
import { getEmployment, listEmployments } from "../employments/api";
import { listExpenses } from "../expenses/api";
import { mapWithConcurrency } from "../partner/aggregate";
import { listAudit } from "../partner/audit";
import { getReadModelFreshness, listReadModelEmployments, listReadModelPendingItems } from "../readmodel/query";
import { listTimeoff } from "../timeoff/api";
import { listWebhookEvents } from "../webhooks/api";

// The overview's three sections for one company (the company home) or several (the partner home).
// A company synced into the read model is read from it (no API call); any other company with live
// calls: its employment list (1, or 2 when it has more than a page), its pending time off and
// expenses (1 each). Start dates and onboarding tasks are not in a list item, so the employments
// still onboarding are shown one by one, at most `limits.shows` per page view, and each country's
// onboarding time is read from its form schema, at most `limits.forms` forms. Never a call per
// employment without that bound (docs/decisions/console-overview.md).

/**
 * A country form's onboarding requirement depends only on the environment, the country, the form and
 * the day (its `minDate` is today plus the onboarding time): read once per day and process.
 */
const requirementCache = new Map<string, OnboardingRequirement | null>();
const REQUIREMENT_CACHE_MAX = 500;

function rememberRequirement(key: string, value: OnboardingRequirement | null) {
  if (requirementCache.size >= REQUIREMENT_CACHE_MAX) requirementCache.clear();
  requirementCache.set(key, value);
}

/** Forgets the country rules read so far (tests). */
export function clearOverviewCaches() {
  requirementCache.clear();
}

export interface OverviewTarget {
  company: OverviewCompany;
  api: ApiClient;
}

export interface OverviewInput {
  db: ConsoleDb;
  environment: Environment;
  targets: OverviewTarget[];
  /** Reads country forms: the company's own client, or the partner's client-credentials one. */
  formsApi: ApiClient;
  /** Where the webhook events come from: the company's delivery log (1 call) or the console's receiver. */
  webhooks: "api" | "readmodel";
  /** A console path of a company, as a link (a partner's go through the company switch). */
  linkFor: (company: OverviewCompany, path: string) => string;
  /** YYYY-MM-DD, UTC. */
  today: string;
  limits?: Partial<OverviewLimits>;
}

export interface OverviewLoads {
  sources: Promise<OverviewSource[]>;
  atRisk: Promise<AtRiskSection>;
  waiting: Promise<WaitingSection>;
  activity: Promise<ActivitySection>;
  /** Live API calls made so far (for the tests and the decision record's figures). */
  liveCalls: () => number;
}

const failureOf = (error: unknown): ApiErrorPayload => {
  if (error instanceof ApiRequestError) return error.payload;
  throw error;
};

/** A 401 is the session's, not the section's: the page sends the user to sign in. */
const rethrowUnauthorized = (error: unknown) => {
  if (error instanceof ApiRequestError && error.status === 401) throw error;
};

interface CompanyRows {
  target: OverviewTarget;
  source: OverviewSource;
  /** Ids (and names) of the employments still onboarding. */
  candidates: { id: string; name: string; type: string }[];
  names: Map<string, string>;
  pending: { timeoff: Timeoff[]; expenses: Expense[]; timeoffTotal: number; expenseTotal: number } | null;
  failures: OverviewFailure[];
}

/**
 * Starts every load of an overview at once; each section awaits only what it needs, so they stream
 * independently. A 401 rejects the section's promise (the page redirects to sign-in); every other
 * API error is a failure shown in the section, with the other companies still served.
 */
export function startOverviewLoads(input: OverviewInput): OverviewLoads {
  const limits: OverviewLimits = { ...OVERVIEW_LIMITS, ...input.limits };
  let calls = 0;
  const call = <T>(p: () => Promise<T>) => {
    calls += 1;
    return p();
  };
  const onboarding = [...ONBOARDING_STATUSES];

  const companyRows = (async (): Promise<CompanyRows[]> => {
    let liveLeft = limits.liveCompanies;
    return mapWithConcurrency(input.targets, limits.concurrency, async (target): Promise<CompanyRows> => {
      const { company } = target;
      const scope = { kind: "company" as const, environment: input.environment, companyId: company.id };
      const [freshness] = await getReadModelFreshness(input.db, scope);
      if (freshness && freshness.lastSyncedAt) {
        const page = await listReadModelEmployments(input.db, scope, { page: 1, page_size: 500, status: onboarding });
        const [timeoff, expenses] = await Promise.all([
          listReadModelPendingItems(input.db, scope, "time_off"),
          listReadModelPendingItems(input.db, scope, "expense"),
        ]);
        const ids = [...timeoff, ...expenses].flatMap((p) => (p.employmentId ? [p.employmentId] : []));
        const names = await readModelNames(input.db, input.environment, company.id, ids);
        const detail = freshness.state === "behind" ? freshness.reason : freshness.state === "failing" ? freshness.error : null;
        return {
          target,
          source: {
            company,
            source: "readmodel",
            lastSyncedAt: freshness.lastSyncedAt.toISOString(),
            state: freshness.state,
            detail,
          },
          candidates: page.employments.map((e) => ({ id: e.id, name: e.full_name, type: e.type })),
          names,
          pending: {
            timeoff: timeoff.map((p) => p.item as unknown as Timeoff),
            expenses: expenses.map((p) => p.item as unknown as Expense),
            timeoffTotal: timeoff.length,
            expenseTotal: expenses.length,
          },
          failures: [],
        };
      }
      if (liveLeft <= 0) {
        return {
          target,
          source: { company, source: "skipped", reason: `not synced yet, and ${limits.liveCompanies} companies were already read live` },
          candidates: [],
          names: new Map(),
          pending: null,
          failures: [],
        };
      }
      liveLeft -= 1;
      const failures: OverviewFailure[] = [];
      const names = new Map<string, string>();
      let candidates: CompanyRows["candidates"] = [];
      try {
        // Page 1 of every employment names the people of the pending items; when it is not the whole
        // list, the employments still onboarding are asked for by status (one more call).
        const all = await call(() => listEmployments(target.api, { page: 1, page_size: limits.pageSize }));
        const keep = (items: EmploymentListItem[]) => {
          for (const e of items) names.set(e.id, e.full_name);
        };
        keep(all.employments);
        let onboardingItems = all.employments.filter((e) => onboarding.includes(e.status));
        if (all.total_pages > 1) {
          const page = await call(() => listEmployments(target.api, { page: 1, page_size: limits.pageSize, status: onboarding }));
          keep(page.employments);
          onboardingItems = page.employments;
        }
        candidates = onboardingItems.map((e) => ({ id: e.id, name: e.full_name, type: e.type }));
      } catch (error) {
        rethrowUnauthorized(error);
        failures.push({ company, what: "the employments", error: failureOf(error) });
      }
      let pending: CompanyRows["pending"] = null;
      try {
        const [t, x] = await Promise.all([
          call(() => listTimeoff(target.api, { page: 1, page_size: limits.waitingShown, status: "requested" })),
          call(() => listExpenses(target.api, { page: 1, page_size: limits.waitingShown, status: "pending" })),
        ]);
        pending = { timeoff: t.timeoffs, expenses: x.expenses, timeoffTotal: t.total_count, expenseTotal: x.total_count };
      } catch (error) {
        rethrowUnauthorized(error);
        failures.push({ company, what: "the time off and expenses waiting for approval", error: failureOf(error) });
      }
      return { target, source: { company, source: "live" }, candidates, names, pending, failures };
    });
  })();

  const atRisk = (async (): Promise<AtRiskSection> => {
    const rows = await companyRows;
    const failures = rows.flatMap((r) => r.failures.filter((f) => f.what === "the employments"));
    // Round robin over the companies, so one big company does not take every show.
    const queue: { rows: CompanyRows; id: string }[] = [];
    for (let i = 0; queue.length < limits.shows; i++) {
      const round = rows.filter((r) => r.candidates[i]).map((r) => ({ rows: r, id: r.candidates[i]!.id }));
      if (round.length === 0) break;
      queue.push(...round.slice(0, limits.shows - queue.length));
    }
    const candidates = rows.reduce((n, r) => n + r.candidates.length, 0);
    const shown = await mapWithConcurrency(queue, limits.concurrency, async ({ rows: r, id }) => {
      try {
        return { rows: r, employment: await call(() => getEmployment(r.target.api, id)) };
      } catch (error) {
        rethrowUnauthorized(error);
        // Gone since the list was read: nothing to show.
        if (error instanceof ApiRequestError && error.status === 404) return null;
        failures.push({ company: r.target.company, what: "an employment still onboarding", error: failureOf(error) });
        return null;
      }
    });
    const employments = shown.filter((s): s is { rows: CompanyRows; employment: Employment } => s !== null);

    // Each country's onboarding time: its form's minDate, one form per country and form name.
    const notes: string[] = [];
    const formKey = (e: Employment) =>
      e.country ? `${e.country.code}:${e.type === "contractor" ? "contractor_basic_information" : "employment_basic_information"}` : null;
    const keys = [
      ...new Set(
        employments.flatMap(({ employment: e }) =>
          e.provisional_start_date && ONBOARDING_STATUSES.includes(e.status) ? [formKey(e)] : [],
        ),
      ),
    ].filter((k): k is string => k !== null);
    const requirements = new Map<string, OnboardingRequirement | null>();
    const cacheKeyOf = (key: string) => `${input.environment}:${input.today}:${key}`;
    for (const key of keys) if (requirementCache.has(cacheKeyOf(key))) requirements.set(key, requirementCache.get(cacheKeyOf(key)) ?? null);
    const unread = keys.filter((k) => !requirements.has(k));
    const readable = unread.slice(0, limits.forms);
    if (unread.length > readable.length)
      notes.push(
        `The onboarding time of ${unread.length - readable.length} more country forms was not read yet (at most ${limits.forms} per view; the next view reads them): their employments are checked for pending tasks only.`,
      );
    await mapWithConcurrency(readable, limits.concurrency, async (key) => {
      const [code, form] = key.split(":") as [string, string];
      const cacheKey = cacheKeyOf(key);
      try {
        const requirement = onboardingRequirementOf(await call(() => getForm(input.formsApi, code, form)));
        requirements.set(key, requirement);
        rememberRequirement(cacheKey, requirement);
      } catch (error) {
        rethrowUnauthorized(error);
        const payload = failureOf(error);
        requirements.set(key, null);
        // A country without that form has no onboarding time to compare with (and will not have one today).
        if (payload.status === 404) return void rememberRequirement(cacheKey, null);
        notes.push(
          `The ${form.replaceAll("_", " ")} form of ${code} could not be read (${payload.message}): its employments are checked for pending tasks only.`,
        );
      }
    });

    const result: AtRiskRow[] = [];
    for (const { rows: r, employment } of employments) {
      const key = formKey(employment);
      const risk = assessOnboardingRisk(employment, key ? (requirements.get(key) ?? null) : null, input.today);
      if (!risk) continue;
      const company = r.target.company;
      result.push({
        ...risk,
        company,
        href: input.linkFor(company, risk.link.href),
        employmentHref: input.linkFor(company, employmentHref(risk.id)),
      });
    }
    if (candidates > queue.length)
      notes.push(
        `${candidates - queue.length} of ${candidates} employments still onboarding were not checked: at most ${limits.shows} are read per view. The employments list shows them all.`,
      );
    const skipped = rows.filter((r) => r.source.source === "skipped");
    if (skipped.length > 0) notes.push(`Not checked (not synced yet): ${skipped.map((r) => r.target.company.name).join(", ")}.`);
    return { rows: result.sort(byUrgency), checked: queue.length, candidates, notes, failures };
  })();

  const waiting = (async (): Promise<WaitingSection> => {
    const rows = await companyRows;
    const items: WaitingItem[] = [];
    const totals = { time_off: 0, expense: 0 };
    for (const r of rows) {
      if (!r.pending) continue;
      const company = r.target.company;
      totals.time_off += r.pending.timeoffTotal;
      totals.expense += r.pending.expenseTotal;
      for (const t of r.pending.timeoff) {
        const type = TIMEOFF_TYPE_LABELS[t.timeoff_type as keyof typeof TIMEOFF_TYPE_LABELS] ?? String(t.timeoff_type).replaceAll("_", " ");
        const days = t.start_date === t.end_date ? formatDate(t.start_date) : `${formatDate(t.start_date)} – ${formatDate(t.end_date)}`;
        items.push({
          kind: "time_off",
          id: t.id,
          company,
          employmentId: t.employment_id,
          employeeName: r.names.get(t.employment_id) ?? null,
          summary: `${type}, ${days}`,
          date: t.start_date,
          href: input.linkFor(company, timeoffList.hrefFor({ status: "requested", employmentId: t.employment_id })),
          linkLabel: "Review time off",
        });
      }
      for (const x of r.pending.expenses) {
        const amount = x.amount !== null && x.currency ? `, ${formatAmount(x.amount / 100, x.currency.code)}` : "";
        items.push({
          kind: "expense",
          id: x.id,
          company,
          employmentId: x.employment_id,
          employeeName: r.names.get(x.employment_id) ?? null,
          summary: `${expenseTitle(x)}${amount}`,
          date: x.expense_date,
          href: input.linkFor(company, expenseHref(x.id)),
          linkLabel: "Review expense",
        });
      }
    }
    // Oldest first: what has waited longest is the most pressing.
    items.sort((a, b) => (a.date ?? "").localeCompare(b.date ?? "") || a.id.localeCompare(b.id));
    const failures = rows.flatMap((r) => r.failures.filter((f) => f.what !== "the employments"));
    return { items: items.slice(0, limits.waitingShown), totals, failures };
  })();

  const activity = (async (): Promise<ActivitySection> => {
    const companies = new Map(input.targets.map((t) => [t.company.id, t.company]));
    const ids = [...companies.keys()];
    const failures: OverviewFailure[] = [];
    const audit = await listAudit(input.db, { environment: input.environment, companyId: ids, page: 1, pageSize: limits.activityShown });
    const items: ActivityItem[] = audit.entries.map((e) => {
      const company = (e.company && companies.get(e.company.id)) || e.company || { id: "", name: "" };
      const who = e.actor.name ?? e.actor.email ?? (e.actor.kind === "customer_token" ? "A Customer API token" : "Someone");
      return {
        kind: "audit",
        id: e.id,
        company,
        at: e.at.toISOString(),
        title: `${who}: ${e.method} /${e.path}`,
        detail: `The API answered ${e.status}${e.requestId ? ` (request id ${e.requestId})` : ""}.`,
        href: null,
      };
    });
    if (input.webhooks === "api" && input.targets[0]) {
      const target = input.targets[0];
      try {
        const page = await call(() => listWebhookEvents(target.api, { page: 1, page_size: limits.activityShown }));
        for (const w of page.webhook_events)
          items.push({
            kind: "webhook",
            id: w.id,
            company: target.company,
            at: w.last_triggered_at,
            title: `Webhook ${w.event_type}`,
            detail:
              w.status === "delivered"
                ? "Delivered."
                : w.status === "failed"
                  ? "Not delivered."
                  : `Delivery ${w.status.replaceAll("_", " ")}.`,
            href: input.linkFor(target.company, WEBHOOK_DELIVERIES_PATH),
          });
      } catch (error) {
        rethrowUnauthorized(error);
        failures.push({ company: target.company, what: "the webhook events", error: failureOf(error) });
      }
    } else if (ids.length > 0) {
      const w = readmodelWebhookEvents;
      const received = await input.db
        .select()
        .from(w)
        .where(and(eq(w.environment, input.environment), inArray(w.companyId, ids)))
        .orderBy(desc(w.receivedAt))
        .limit(limits.activityShown);
      for (const r of received) {
        const company = companies.get(r.companyId) ?? { id: r.companyId, name: r.companyId };
        items.push({
          kind: "webhook",
          id: r.eventId,
          company,
          at: r.receivedAt.toISOString(),
          title: `Webhook ${r.eventType}`,
          detail: "Received by the console (the read model was updated).",
          href: null,
        });
      }
    }
    items.sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id));
    return { items: items.slice(0, limits.activityShown), failures };
  })();

  const sources = companyRows.then((rows) => rows.map((r) => r.source));
  // Each section awaits its own promise; one that a page does not render must not be an unhandled rejection.
  for (const p of [sources, atRisk, waiting, activity]) p.catch(() => undefined);
  return { sources, atRisk, waiting, activity, liveCalls: () => calls };
}

/** Names of employments of the read model, by id. */
async function readModelNames(db: ConsoleDb, environment: Environment, companyId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const e = readmodelEmployments;
  const rows = await db
    .select({ id: e.employmentId, name: e.fullName })
    .from(e)
    .where(and(eq(e.environment, environment), eq(e.companyId, companyId), inArray(e.employmentId, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.name]));
}
