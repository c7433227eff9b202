import { beforeEach, describe, expect, it } from "vitest";
import type { ConsoleDb } from "../db/client";
import { getConsoleTestDatabase } from "@/test-support/console/db";
import { listAudit, recordAudit } from "./audit";

// The audit log read for one company or across several (the operator's cross-company log,
// /partner/audit without a company): newest first, only the companies named, one environment.

const ACME = { id: "00000000-0000-4000-8000-00000000000a", name: "Acme" };
const GLOBEX = { id: "00000000-0000-4000-8000-00000000000b", name: "Globex" };
const INITECH = { id: "00000000-0000-4000-8000-00000000000c", name: "Initech" };
const actor = { kind: "operator" as const, id: "op", name: "Ops", email: "ops@partner.example" };

describe("the audit log", () => {
  let db: ConsoleDb;
  beforeEach(async () => {
    db = (await getConsoleTestDatabase()).db;
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));
    const entry = (company: typeof ACME, path: string, minute: number, environment: "sandbox" | "production" = "sandbox") =>
      recordAudit(db, { environment, company, actor, method: "post", path, status: 201, requestId: null, at: at(minute) });
    await entry(ACME, "v1/employments (acme 1)", 1);
    await entry(GLOBEX, "v1/employments (globex 2)", 2);
    await entry(INITECH, "v1/employments (initech 3)", 3);
    await entry(ACME, "v1/employments (acme 4)", 4);
    await entry(GLOBEX, "v1/employments (globex production 5)", 5, "production");
  });

  it("across companies: the entries of every company named, newest first, with their company", async () => {
    const log = await listAudit(db, { environment: "sandbox", companyId: [ACME.id, GLOBEX.id], page: 1, pageSize: 10 });
    expect(log.entries.map((e) => [e.company?.name, e.path])).toEqual([
      ["Acme", "v1/employments (acme 4)"],
      ["Globex", "v1/employments (globex 2)"],
      ["Acme", "v1/employments (acme 1)"],
    ]);
    expect(log).toMatchObject({ totalCount: 3, totalPages: 1, page: 1 });
  });

  it("pages the cross-company log by the same order", async () => {
    const ids = [ACME.id, GLOBEX.id, INITECH.id];
    const first = await listAudit(db, { environment: "sandbox", companyId: ids, page: 1, pageSize: 2 });
    const second = await listAudit(db, { environment: "sandbox", companyId: ids, page: 2, pageSize: 2 });
    expect([...first.entries, ...second.entries].map((e) => e.path)).toEqual([
      "v1/employments (acme 4)",
      "v1/employments (initech 3)",
      "v1/employments (globex 2)",
      "v1/employments (acme 1)",
    ]);
    expect(first.totalPages).toBe(2);
  });

  it("one company: only its entries", async () => {
    const log = await listAudit(db, { environment: "sandbox", companyId: GLOBEX.id, page: 1, pageSize: 10 });
    expect(log.entries.map((e) => e.path)).toEqual(["v1/employments (globex 2)"]);
  });

  it("no company named (an operator without grants): no entries, not every company's", async () => {
    const log = await listAudit(db, { environment: "sandbox", companyId: [], page: 1, pageSize: 10 });
    expect(log).toEqual({ entries: [], totalCount: 0, totalPages: 1, page: 1 });
  });

  it("sorts by any column in SQL across pages, ties newest first, and ascending by time on request", async () => {
    const ids = [ACME.id, GLOBEX.id, INITECH.id];
    const page = (p: number, by: "company" | "when" | "call", order: "asc" | "desc") =>
      listAudit(db, { environment: "sandbox", companyId: ids, page: p, pageSize: 2, sort: { by, order } });
    const byCompany = [...(await page(1, "company", "asc")).entries, ...(await page(2, "company", "asc")).entries];
    expect(byCompany.map((e) => e.path)).toEqual([
      "v1/employments (acme 4)",
      "v1/employments (acme 1)",
      "v1/employments (globex 2)",
      "v1/employments (initech 3)",
    ]);
    const desc = [...(await page(1, "company", "desc")).entries, ...(await page(2, "company", "desc")).entries];
    expect(desc.map((e) => e.company?.name)).toEqual(["Initech", "Globex", "Acme", "Acme"]);
    expect((await page(1, "when", "asc")).entries.map((e) => e.path)).toEqual(["v1/employments (acme 1)", "v1/employments (globex 2)"]);
    expect((await page(1, "call", "desc")).entries[0]!.path).toBe("v1/employments (initech 3)");
  });
});
