import { beforeEach, describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/console/api-errors";
import { expensesList } from "@/lib/console/expenses/list";
import { getConsoleTestDatabase } from "@/test-support/console/db";
import type { ConsoleDb } from "../db/client";
import { deleteView, listViews, saveView, viewOwnerOf, type ViewOwner } from "./store";

// Saved views in the console's database: per owner, environment and company; the list's canonical
// URL (what the list's own parser accepts, no page); the same name replaces; another owner's view is
// neither listed nor deletable.

const ADA: ViewOwner = { owner: "user:ada", environment: "sandbox", companyId: "acme" };
let db: ConsoleDb;
beforeEach(async () => {
  db = (await getConsoleTestDatabase()).db;
});

const status = async (p: Promise<unknown>) => {
  try {
    await p;
    return 200;
  } catch (e) {
    if (e instanceof ApiRequestError) return e.status;
    throw e;
  }
};

describe("saved views", () => {
  it("keeps the list's canonical view: filters, sort, order and hidden columns, without the page or values the list refuses", async () => {
    const { view, replaced } = await saveView(db, ADA, {
      list: "/expenses",
      name: "  Pending,   largest first ",
      search: "?page=3&status=pending&sort=amount&order=desc&hide=receipts,bogus&page_size=50&junk=1",
    });
    expect(replaced).toBe(false);
    expect(view).toMatchObject({ list: "/expenses", name: "Pending, largest first" });
    expect(view.href).toBe("/expenses?sort=amount&order=desc&status=pending&page_size=50&hide=receipts");
    // The link restores that state exactly (on page 1).
    expect(expensesList.parse(new URLSearchParams(view.href.split("?")[1]))).toEqual({
      ...expensesList.defaults,
      status: "pending",
      sort: "amount",
      order: "desc",
      pageSize: 50,
      hide: ["receipts"],
    });
  });

  it("lists by name, replaces a view saved under the same name (any case), deletes only the owner's", async () => {
    await saveView(db, ADA, { list: "/expenses", name: "b view", search: "status=approved" });
    const a = await saveView(db, ADA, { list: "/expenses", name: "A view", search: "" });
    const again = await saveView(db, ADA, { list: "/expenses", name: "a VIEW", search: "sort=date" });
    expect(again.replaced).toBe(true);
    expect(again.view.id).toBe(a.view.id);
    expect((await listViews(db, ADA, "/expenses")).map((v) => [v.name, v.href])).toEqual([
      ["a VIEW", "/expenses?sort=date"],
      ["b view", "/expenses?status=approved"],
    ]);
    // Another user, environment or company sees none of them and cannot delete them.
    for (const other of [
      { ...ADA, owner: "user:bob" },
      { ...ADA, environment: "production" as const },
      { ...ADA, companyId: "globex" },
    ]) {
      expect(await listViews(db, other, "/expenses")).toEqual([]);
      expect(await status(deleteView(db, other, a.view.id))).toBe(404);
    }
    await deleteView(db, ADA, a.view.id);
    expect((await listViews(db, ADA, "/expenses")).map((v) => v.name)).toEqual(["b view"]);
    expect(await status(deleteView(db, ADA, a.view.id))).toBe(404);
  });

  it("refuses an empty or long name and a list without views", async () => {
    expect(await status(saveView(db, ADA, { list: "/expenses", name: "   ", search: "" }))).toBe(422);
    expect(await status(saveView(db, ADA, { list: "/expenses", name: "x".repeat(81), search: "" }))).toBe(422);
    expect(await status(saveView(db, ADA, { list: "/nowhere", name: "x", search: "" }))).toBe(400);
    expect(await status(listViews(db, ADA, "/employments"))).toBe(400);
  });

  it("owns views by the signed-in user, or the operator; none without either", () => {
    const base = { id: "s", environment: "sandbox" as const, environments: ["sandbox" as const], company: { id: "acme", name: "Acme" } };
    expect(viewOwnerOf({ ...base, kind: "oauth", operatorId: null, user: { id: "u1", name: "U", email: "u@x" } })).toEqual({
      owner: "user:u1",
      environment: "sandbox",
      companyId: "acme",
    });
    expect(viewOwnerOf({ ...base, kind: "operator", operatorId: "op1", user: null, company: null })).toMatchObject({
      owner: "operator:op1",
      companyId: "",
    });
    expect(viewOwnerOf({ ...base, kind: "customer_token", operatorId: null, user: null })).toBeNull();
  });
});
