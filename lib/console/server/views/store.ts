import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Environment } from "@/lib/contract";
import { ApiRequestError } from "@/lib/console/api-errors";
import type { ConsoleSession } from "@/lib/console/session-types";
import { isPartnerViewList } from "@/lib/console/views/href";
import { VIEW_LISTS, VIEW_NAME_MAX, VIEWS_PER_LIST_MAX, viewHrefOf, type SavedView } from "@/lib/console/views/lists";
import { getConsoleDatabase, type ConsoleDb } from "../db/client";
import { consoleSavedViews } from "../db/schema";

// Saved list views in the console's database: per owner (the signed-in company user, or the
// partner operator), environment and company. docs/decisions/console-sort-and-saved-views.md

/** The body of a saved view (POST /api/bff/views and /api/partner/views); the store checks the rest. */
export const SaveViewBodySchema = z.object({ list: z.string().max(200), name: z.string().max(400), search: z.string().max(4000) });

export interface ViewOwner {
  owner: string;
  environment: Environment;
  companyId: string;
}

/** Whose views a session reads and writes (null: a session without a user cannot keep views). */
export function viewOwnerOf(session: ConsoleSession): ViewOwner | null {
  const owner =
    session.kind === "operator"
      ? session.operatorId
        ? `operator:${session.operatorId}`
        : null
      : session.user
        ? `user:${session.user.id}`
        : null;
  return owner ? { owner, environment: session.environment, companyId: session.company?.id ?? "" } : null;
}

/**
 * The owner of an operator's views of the partner's lists (app/api/partner/views): the operator, in
 * the session's environment, with no company (the list spans the connected companies, whichever one
 * the console has open). Null for any other session.
 */
export function partnerViewOwnerOf(session: ConsoleSession): ViewOwner | null {
  return session.kind === "operator" && session.operatorId
    ? { owner: `operator:${session.operatorId}`, environment: session.environment, companyId: "" }
    : null;
}

const REFUSAL_KINDS = { 400: "bad_request", 404: "not_found", 409: "conflict", 422: "validation" } as const;

const refuse = (status: keyof typeof REFUSAL_KINDS, message: string, fieldErrors?: Record<string, string[]>): never => {
  throw new ApiRequestError({
    kind: REFUSAL_KINDS[status],
    status,
    message,
    requestId: null,
    fieldErrors,
  });
};

const listOf = (path: string) => VIEW_LISTS.get(path) ?? refuse(400, `list: no saved views for ${JSON.stringify(path)}`);

const scoped = (o: ViewOwner) =>
  and(eq(consoleSavedViews.owner, o.owner), eq(consoleSavedViews.environment, o.environment), eq(consoleSavedViews.companyId, o.companyId));

const toView = (r: typeof consoleSavedViews.$inferSelect): SavedView => ({
  id: r.id,
  list: r.list,
  name: r.name,
  href: r.href,
  updatedAt: r.updatedAt.toISOString(),
});

/** The owner's views of a list, by name. */
export async function listViews(db: ConsoleDb, o: ViewOwner, list: string): Promise<SavedView[]> {
  listOf(list);
  const rows = await db
    .select()
    .from(consoleSavedViews)
    .where(and(scoped(o), eq(consoleSavedViews.list, list)))
    .orderBy(asc(sql`lower(${consoleSavedViews.name})`));
  return rows.map(toView);
}

/**
 * Saves the view of a list URL under a name: the URL is read by the list's own parser (so a view
 * holds only what the list accepts, in its canonical form); the same name (any case) replaces that
 * view. Answers the view and whether it replaced one.
 */
export async function saveView(
  db: ConsoleDb,
  o: ViewOwner,
  input: { list: string; name: string; search: string },
  now = new Date(),
): Promise<{ view: SavedView; replaced: boolean }> {
  const list = listOf(input.list);
  const name = input.name.trim().replace(/\s+/g, " ");
  if (!name) refuse(422, "Invalid input", { name: ["Enter a name for the view."] });
  if (name.length > VIEW_NAME_MAX) refuse(422, "Invalid input", { name: [`Use at most ${VIEW_NAME_MAX} characters.`] });
  const href = viewHrefOf(list, input.search);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(consoleSavedViews)
      .where(and(scoped(o), eq(consoleSavedViews.list, input.list), sql`lower(${consoleSavedViews.name}) = lower(${name})`));
    if (existing) {
      const [row] = await tx
        .update(consoleSavedViews)
        .set({ name, href, updatedAt: now })
        .where(eq(consoleSavedViews.id, existing.id))
        .returning();
      return { view: toView(row!), replaced: true };
    }
    const [n] = await tx
      .select({ n: count() })
      .from(consoleSavedViews)
      .where(and(scoped(o), eq(consoleSavedViews.list, input.list)));
    if (Number(n?.n ?? 0) >= VIEWS_PER_LIST_MAX) refuse(409, `This list already has ${VIEWS_PER_LIST_MAX} saved views: delete one first.`);
    const [row] = await tx
      .insert(consoleSavedViews)
      .values({ id: randomUUID(), ...o, list: input.list, name, href, createdAt: now, updatedAt: now })
      .returning();
    return { view: toView(row!), replaced: false };
  });
}

/** Deletes one of the owner's views (404 for another owner's, or an unknown id). */
export async function deleteView(db: ConsoleDb, o: ViewOwner, id: string): Promise<void> {
  const gone = await db
    .delete(consoleSavedViews)
    .where(and(scoped(o), eq(consoleSavedViews.id, id)))
    .returning({ id: consoleSavedViews.id });
  if (gone.length === 0) refuse(404, "This view does not exist (it may have been deleted).");
}

// ─── For the BFF routes (app/api/bff/views): the session's views in the process's console database ───

async function ownerAndDb(session: ConsoleSession): Promise<{ db: ConsoleDb; owner: ViewOwner }> {
  const owner = viewOwnerOf(session);
  if (!owner) throw new ApiRequestError({ kind: "forbidden", status: 403, message: "Saved views need a signed-in user.", requestId: null });
  return { db: (await getConsoleDatabase()).db, owner };
}

/** The BFF keeps the views of company lists (a partner's list is read without a company: app/api/partner/views). */
const companyListOnly = (list: string) => {
  if (isPartnerViewList(list)) refuse(400, `list: the views of ${JSON.stringify(list)} are kept at /api/partner/views`);
};

export async function listSessionViews(session: ConsoleSession, list: string): Promise<SavedView[]> {
  companyListOnly(list);
  const { db, owner } = await ownerAndDb(session);
  return listViews(db, owner, list);
}

export async function saveSessionView(session: ConsoleSession, input: { list: string; name: string; search: string }) {
  companyListOnly(input.list);
  const { db, owner } = await ownerAndDb(session);
  return saveView(db, owner, input);
}

export async function deleteSessionView(session: ConsoleSession, id: string): Promise<{ deleted: true }> {
  const { db, owner } = await ownerAndDb(session);
  await deleteView(db, owner, id);
  return { deleted: true };
}
