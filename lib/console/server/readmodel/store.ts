import "server-only";
import { and, eq, lt, ne, sql } from "drizzle-orm";
import type { EmploymentListItem, Environment } from "@/lib/contract";
import type { ConsoleDb, ConsoleTx } from "../db/client";
import { readmodelEmployments, readmodelPendingItems, type StoredCompany } from "../db/schema";

// Writing the read model. Every write runs in a transaction that first takes a share lock on the
// company's grant row and checks it is not revoked: a revocation (which deletes the company's rows
// through the trigger of migration 0002) and a sync finishing at the same moment are serialised, so
// no row of a company outlives its consent.

export interface CompanyRef {
  environment: Environment;
  company: StoredCompany;
}

/** What a row keeps of an employment's show: onboarding progress (list-level, no section). */
export interface OnboardingProgress {
  completed: number;
  total: number;
}

/** Runs `write` only while the company has a live grant (or an active admin connection); false when not. */
export async function whileConsented(db: ConsoleDb, ref: CompanyRef, write: (tx: ConsoleTx) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const grant = await tx.execute(
      sql`SELECT 1 FROM partner_grants WHERE environment = ${ref.environment} AND company_id = ${ref.company.id} AND status <> 'revoked' FOR SHARE`,
    );
    const live =
      (grant as unknown as { rows: unknown[] }).rows.length > 0 ||
      (
        (await tx.execute(
          sql`SELECT 1 FROM console_connections cc JOIN console_sessions cs ON cs.id = cc.session_id
            WHERE cc.environment = ${ref.environment} AND cc.company_id = ${ref.company.id} AND cc.status = 'active'
              AND cs.expires_at > now() LIMIT 1 FOR SHARE OF cc`,
        )) as unknown as { rows: unknown[] }
      ).rows.length > 0;
    if (!live) return false;
    await write(tx);
    return true;
  });
}

/** The row of one list item (only the MinimalEmployment's fields are kept). */
export function employmentRow(ref: CompanyRef, item: EmploymentListItem, run: string, at: Date, onboarding?: OnboardingProgress | null) {
  const listItem: EmploymentListItem = {
    id: item.id,
    short_id: item.short_id,
    full_name: item.full_name,
    job_title: item.job_title,
    personal_email: item.personal_email,
    login_email: item.login_email,
    work_email: item.work_email,
    status: item.status,
    type: item.type,
    employment_model: item.employment_model,
    employment_lifecycle_stage: item.employment_lifecycle_stage,
    country: item.country,
    department: item.department,
    department_id: item.department_id,
    external_id: item.external_id,
    work_address_details: item.work_address_details,
  };
  return {
    environment: ref.environment,
    companyId: ref.company.id,
    employmentId: item.id,
    companyName: ref.company.name,
    shortId: item.short_id ?? null,
    fullName: item.full_name,
    jobTitle: item.job_title ?? null,
    personalEmail: item.personal_email,
    loginEmail: item.login_email ?? null,
    workEmail: item.work_email ?? null,
    status: item.status,
    type: item.type,
    employmentModel: item.employment_model ?? null,
    lifecycleStage: item.employment_lifecycle_stage ?? null,
    countryCode: item.country?.code ?? null,
    countryName: item.country?.name ?? null,
    department: item.department ?? null,
    departmentId: item.department_id ?? null,
    externalId: item.external_id ?? null,
    item: listItem as unknown as Record<string, unknown>,
    ...(onboarding === undefined ? {} : { onboardingCompleted: onboarding?.completed ?? null, onboardingTotal: onboarding?.total ?? null }),
    syncRun: run,
    syncedAt: at,
  };
}

const e = readmodelEmployments;

/** The row's value, or NULL when the upsert changes the employment's status or lifecycle stage. */
const unlessMoved = (column: typeof e.onboardingCompleted | typeof e.onboardingTotal) =>
  sql`CASE WHEN ${e.status} IS DISTINCT FROM excluded.status OR ${e.lifecycleStage} IS DISTINCT FROM excluded.lifecycle_stage THEN NULL ELSE ${column} END`;

/** Upserts list items (a page of a full re-read, or one employment after a webhook or a write). */
export async function upsertEmployments(
  tx: ConsoleTx | ConsoleDb,
  ref: CompanyRef,
  items: { item: EmploymentListItem; onboarding?: OnboardingProgress | null }[],
  run: string,
  at: Date,
): Promise<void> {
  if (items.length === 0) return;
  const rows = items.map(({ item, onboarding }) => employmentRow(ref, item, run, at, onboarding));
  const withOnboarding = items.some((i) => i.onboarding !== undefined);
  await tx
    .insert(e)
    .values(rows)
    .onConflictDoUpdate({
      target: [e.environment, e.companyId, e.employmentId],
      set: {
        companyName: sql`excluded.company_name`,
        shortId: sql`excluded.short_id`,
        fullName: sql`excluded.full_name`,
        jobTitle: sql`excluded.job_title`,
        personalEmail: sql`excluded.personal_email`,
        loginEmail: sql`excluded.login_email`,
        workEmail: sql`excluded.work_email`,
        status: sql`excluded.status`,
        type: sql`excluded.type`,
        employmentModel: sql`excluded.employment_model`,
        lifecycleStage: sql`excluded.lifecycle_stage`,
        countryCode: sql`excluded.country_code`,
        countryName: sql`excluded.country_name`,
        department: sql`excluded.department`,
        departmentId: sql`excluded.department_id`,
        externalId: sql`excluded.external_id`,
        item: sql`excluded.item`,
        // A list page carries no onboarding tasks: the progress read from a show stays while the
        // employment's status and lifecycle stage stay; when either changes it is forgotten, so the
        // next re-read reads it again (onboarding) or shows none (past onboarding).
        ...(withOnboarding
          ? { onboardingCompleted: sql`excluded.onboarding_completed`, onboardingTotal: sql`excluded.onboarding_total` }
          : { onboardingCompleted: unlessMoved(e.onboardingCompleted), onboardingTotal: unlessMoved(e.onboardingTotal) }),
        syncRun: sql`excluded.sync_run`,
        syncedAt: sql`excluded.synced_at`,
      },
    });
}

/**
 * Deletes the company's rows a full re-read (`run`, started at `startedAt`) did not see: they are gone
 * from the API. A row written after the run started (a webhook's re-read of a new employment) stays.
 */
export async function deleteEmploymentsNotIn(tx: ConsoleTx, ref: CompanyRef, run: string, startedAt: Date): Promise<void> {
  await tx
    .delete(e)
    .where(and(eq(e.environment, ref.environment), eq(e.companyId, ref.company.id), ne(e.syncRun, run), lt(e.syncedAt, startedAt)));
}

export async function deleteEmployment(tx: ConsoleTx, ref: CompanyRef, employmentId: string): Promise<void> {
  await tx.delete(e).where(and(eq(e.environment, ref.environment), eq(e.companyId, ref.company.id), eq(e.employmentId, employmentId)));
}

const p = readmodelPendingItems;

export type PendingKind = "time_off" | "expense";

/** Upserts pending items of one kind. */
export async function upsertPendingItems(
  tx: ConsoleTx,
  ref: CompanyRef,
  kind: PendingKind,
  items: { id: string; employment_id?: string | null }[],
  run: string,
  at: Date,
): Promise<void> {
  if (items.length === 0) return;
  await tx
    .insert(p)
    .values(
      items.map((item) => ({
        environment: ref.environment,
        companyId: ref.company.id,
        kind,
        itemId: item.id,
        employmentId: item.employment_id ?? null,
        item: item as unknown as Record<string, unknown>,
        syncRun: run,
        syncedAt: at,
      })),
    )
    .onConflictDoUpdate({
      target: [p.environment, p.companyId, p.kind, p.itemId],
      set: {
        employmentId: sql`excluded.employment_id`,
        item: sql`excluded.item`,
        syncRun: sql`excluded.sync_run`,
        syncedAt: sql`excluded.synced_at`,
      },
    });
}

/** Deletes the pending items of one kind a full re-read did not see (approved, declined, gone). */
export async function deletePendingNotIn(tx: ConsoleTx, ref: CompanyRef, kind: PendingKind, run: string, startedAt: Date): Promise<void> {
  await tx
    .delete(p)
    .where(
      and(
        eq(p.environment, ref.environment),
        eq(p.companyId, ref.company.id),
        eq(p.kind, kind),
        ne(p.syncRun, run),
        lt(p.syncedAt, startedAt),
      ),
    );
}

export async function deletePendingItem(tx: ConsoleTx, ref: CompanyRef, kind: PendingKind, itemId: string): Promise<void> {
  await tx
    .delete(p)
    .where(and(eq(p.environment, ref.environment), eq(p.companyId, ref.company.id), eq(p.kind, kind), eq(p.itemId, itemId)));
}

/**
 * Refreshes the planner's statistics of the read model's tables. PostgreSQL's autovacuum does this
 * by itself; PGlite runs no autovacuum, and a read model filled by the sync without statistics was
 * planned as if empty: a page of 100k rows took 3–4 s instead of 10–130 ms (bench-partner-scale.md).
 */
export async function analyzeReadModel(db: ConsoleDb): Promise<void> {
  await db.execute(sql`ANALYZE readmodel_employments, readmodel_employment_counts, readmodel_sync_state, partner_grants`);
}

/**
 * Refreshes the statistics when the read model has grown or shrunk by a tenth (or 100 rows) since it
 * last did: the size is the sum of the kept counts (migration 0004), a cheap read, so the check can run
 * every few seconds while ANALYZE (a few hundred ms on 100k rows, holding PGlite's one connection)
 * runs only after a large change such as a first sync. Returns whether it analyzed.
 */
export function createReadModelAnalyzer(db: ConsoleDb) {
  let analyzedAtSize: number | null = null;
  return {
    async maybeAnalyze(): Promise<boolean> {
      const result = (await db.execute(sql`SELECT coalesce(sum(n), 0)::float8 AS n FROM readmodel_employment_counts`)) as unknown as {
        rows: { n: number }[];
      };
      const size = Number(result.rows[0]?.n ?? 0);
      const last = analyzedAtSize;
      if (last === null ? size === 0 : Math.abs(size - last) < Math.max(100, last * 0.1)) return false;
      await analyzeReadModel(db);
      analyzedAtSize = size;
      return true;
    },
  };
}
