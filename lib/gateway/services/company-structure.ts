import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { CompanyManager, CompanyRole, Department } from "@/lib/contract";
import type { GatewayDeps, Principal } from "../context";
import type { DbOrTx } from "../db/client";
import { companyUsers, departments, employments } from "../db/schema";
import { allOnOnePage, pageWindow, paginate, type PageParams } from "../pagination";
import { conflict, fieldErrors, forbidden, notFound } from "../errors";
import { UUID_RE } from "./employments";
import { emitEvent } from "./outbox";

/** A `company_id` given in a query or body must be the token's company: another company's is 404. */
export function resolveCompanyId(principal: Principal, requested: string | undefined): string {
  const own = principal.companyId!;
  if (requested !== undefined && requested !== own) throw notFound("Company");
  return own;
}

/**
 * The provider's ListCompanyDepartmentsPaginatedResponse (page fields beside `data`); `page` "all"
 * (`paginate=false`) answers every department on one page.
 */
export async function listDepartments(db: DbOrTx, companyId: string, page: PageParams | "all") {
  const where = eq(departments.companyId, companyId);
  if (page === "all") {
    const all = await db.select().from(departments).where(where).orderBy(asc(departments.name), asc(departments.id));
    const items: Department[] = all.map((d) => ({ id: d.id, name: d.name, company_id: d.companyId }));
    return paginate("company_departments", items, items.length, allOnOnePage(items.length), "beside-data");
  }
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(departments)
      .where(where)
      .orderBy(asc(departments.name), asc(departments.id))
      .limit(pageWindow(page).limit)
      .offset(pageWindow(page).offset),
    db.select({ n: count() }).from(departments).where(where),
  ]);
  const items: Department[] = rows.map((d) => ({ id: d.id, name: d.name, company_id: d.companyId }));
  return paginate("company_departments", items, Number(total?.n ?? 0), page, "beside-data");
}

export async function createDepartment(deps: GatewayDeps, companyId: string, name: string): Promise<Department> {
  const [dup] = await deps.db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.companyId, companyId), sql`lower(${departments.name}) = lower(${name})`));
  if (dup) throw fieldErrors({ name: ["has already been taken"] });
  const row = { id: randomUUID(), companyId, name, createdAt: deps.clock.now() };
  await deps.db.insert(departments).values(row);
  return { id: row.id, name: row.name, company_id: row.companyId };
}

const toManager = (u: typeof companyUsers.$inferSelect): CompanyManager => ({
  company_id: u.companyId,
  user_id: u.id,
  user_name: u.name,
  user_email: u.email,
  role: u.role as CompanyRole,
});

export async function listCompanyManagers(db: DbOrTx, companyId: string, page: PageParams) {
  const where = and(eq(companyUsers.companyId, companyId), sql`${companyUsers.status} <> 'deleted'`);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(companyUsers)
      .where(where)
      .orderBy(asc(companyUsers.name), asc(companyUsers.id))
      .limit(pageWindow(page).limit)
      .offset(pageWindow(page).offset),
    db.select({ n: count() }).from(companyUsers).where(where),
  ]);
  return paginate("company_managers", rows.map(toManager), Number(total?.n ?? 0), page);
}

export async function getCompanyManagerOrThrow(db: DbOrTx, companyId: string, userId: string) {
  if (!UUID_RE.test(userId)) throw notFound("Company manager");
  const [u] = await db
    .select()
    .from(companyUsers)
    .where(and(eq(companyUsers.id, userId), eq(companyUsers.companyId, companyId), sql`${companyUsers.status} <> 'deleted'`));
  if (!u) throw notFound("Company manager");
  return u;
}

export const showCompanyManager = async (db: DbOrTx, companyId: string, userId: string) =>
  toManager(await getCompanyManagerOrThrow(db, companyId, userId));

/** Only owners and admins manage the company's managers; only owners create or remove owners. */
function assertCanManage(principal: Principal, role: string) {
  if (principal.role !== "owner" && principal.role !== "admin") throw forbidden();
  if (role === "owner" && principal.role !== "owner") throw forbidden();
}

export async function createCompanyManager(
  deps: GatewayDeps,
  principal: Principal,
  companyId: string,
  body: { name: string; email: string; role: CompanyRole },
): Promise<CompanyManager> {
  assertCanManage(principal, body.role);
  const [dup] = await deps.db
    .select({ id: companyUsers.id })
    .from(companyUsers)
    .where(sql`lower(${companyUsers.email}) = lower(${body.email})`);
  if (dup) throw fieldErrors({ email: ["has already been taken"] });
  const row = {
    id: randomUUID(),
    companyId,
    name: body.name,
    email: body.email,
    role: body.role,
    status: "active",
    passwordHash: null,
    createdAt: deps.clock.now(),
  };
  await deps.db.insert(companyUsers).values(row);
  return toManager(row);
}

/** DELETE /v1/company-managers/{user_id}: never the last owner; their reports lose their manager. */
export async function deleteCompanyManager(deps: GatewayDeps, principal: Principal, companyId: string, userId: string) {
  await deps.db.transaction(async (tx) => {
    const user = await getCompanyManagerOrThrow(tx, companyId, userId);
    assertCanManage(principal, user.role);
    if (user.role === "owner") {
      const [owners] = await tx
        .select({ n: count() })
        .from(companyUsers)
        .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.role, "owner"), sql`${companyUsers.status} <> 'deleted'`));
      if (Number(owners?.n ?? 0) <= 1) throw conflict("The company needs at least one owner: the last owner cannot be deleted");
    }
    const now = deps.clock.now();
    const reports = await tx
      .update(employments)
      .set({ managerUserId: null, updatedAt: now })
      .where(eq(employments.managerUserId, userId))
      .returning({ id: employments.id });
    // Losing the manager is a change of manager (spec 4.1 rule 3).
    for (const r of reports) await emitEvent(tx, now, "employment.details.updated", { employment_id: r.id, company_id: companyId });
    await tx
      .update(companyUsers)
      .set({ status: "deleted", email: `deleted+${user.id}@invalid` })
      .where(eq(companyUsers.id, userId));
  });
}
