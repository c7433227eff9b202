import { beforeEach, describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/console/api-errors";
import { expensesList } from "@/lib/console/expenses/list";
import { getConsoleTestDatabase } from "@/test-support/console/db";
import type { ConsoleDb } from "../db/client";
import { employmentsList } from "@/lib/console/employments/list";
import type { ConsoleSession } from "@/lib/console/session-types";
import {
  deleteView,
  listSessionViews,
  listViews,
  partnerViewOwnerOf,
  saveSessionView,
  saveView,
  viewOwnerOf,
  type ViewOwner,
} from "./store";

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
    expect(await status(listViews(db, ADA, "/partner/audit"))).toBe(400);
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

  it("keeps the employments list's view: statuses, the search across pages, the sort and the hidden columns", async () => {
    const { view } = await saveView(db, ADA, {
      list: "/employments",
      name: "Reviews",
      search: "page=2&status=review,bogus&q=%20berlin%20&sort=status&order=desc&hide=lifecycle,name,country",
    });
    expect(view.href).toBe("/employments?sort=status&order=desc&status=review&q=berlin&hide=country,lifecycle");
    expect(employmentsList.parse(new URLSearchParams(view.href.split("?")[1]))).toMatchObject({
      statuses: ["review"],
      q: "berlin",
      sort: "status",
      order: "desc",
      hide: ["country", "lifecycle"],
      page: 1,
    });
  });

  it("owns an operator's partner-list views by the operator with no company; the BFF refuses the partner's lists", async () => {
    const base = { id: "s", environment: "production" as const, environments: ["production" as const] };
    const operator = { ...base, kind: "operator", operatorId: "op1", user: null, company: { id: "acme", name: "Acme" } } as ConsoleSession;
    // The company the operator has open does not matter: the partner list spans the companies.
    expect(partnerViewOwnerOf(operator)).toEqual({ owner: "operator:op1", environment: "production", companyId: "" });
    expect(partnerViewOwnerOf({ ...operator, company: null })).toEqual({ owner: "operator:op1", environment: "production", companyId: "" });
    expect(partnerViewOwnerOf({ ...operator, operatorId: null })).toBeNull();
    expect(
      partnerViewOwnerOf({
        ...base,
        kind: "oauth",
        operatorId: null,
        user: { id: "u1", name: "U", email: "u@x" },
        company: null,
      } as ConsoleSession),
    ).toBeNull();
    // Refused before the database is read (the BFF keeps company lists only).
    expect(await status(listSessionViews(operator, "/partner/employments"))).toBe(400);
    expect(await status(saveSessionView(operator, { list: "/partner/employments", name: "x", search: "" }))).toBe(400);
  });
});
