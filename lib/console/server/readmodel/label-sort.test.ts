import { beforeAll, describe, expect, it } from "vitest";
import { EMPLOYMENT_STATUSES, LIFECYCLE_STAGES } from "@/lib/contract/enums";
import { LIFECYCLE_LABELS, STATUS_LABELS } from "@/lib/console/employments/labels";
import { getConsoleTestDatabase } from "@/test-support/console/db";
import { insertGrant, listItem } from "@/test-support/console/readmodel-fixtures";
import type { ConsoleDb } from "../db/client";
import { iterateReadModelEmployments, listReadModelEmployments, type ReadModelScope } from "./query";
import { upsertEmployments, whileConsented } from "./store";

// A sort by status (or lifecycle stage) orders the rows as their labels read on screen, not by the
// stored code: "Awaiting reserve" (created_awaiting_reserve) before "Created", "In review" (review)
// between "Deleted" and "Initiated", "Post-enrolment actions" after "Pending". The export's keyset
// iteration agrees with the pages.

const A = { id: "company-label-sort", name: "Label Sort Ltd" };
const scope: ReadModelScope = { kind: "company", environment: "sandbox", companyId: A.id };
let db: ConsoleDb;

beforeAll(async () => {
  ({ db } = await getConsoleTestDatabase());
  await insertGrant(db, "sandbox", A);
  const target = { environment: "sandbox" as const, company: A };
  // One employment per status (and lifecycle stage, cycling), in code order.
  const items = EMPLOYMENT_STATUSES.map((status, i) => ({
    ...listItem(i, "ls"),
    status,
    employment_lifecycle_stage: LIFECYCLE_STAGES[i % LIFECYCLE_STAGES.length]!,
  }));
  expect(
    await whileConsented(db, target, (tx) =>
      upsertEmployments(
        tx,
        target,
        items.map((item) => ({ item })),
        "run-1",
        new Date(),
      ),
    ),
  ).toBe(true);
});

const byLabel = (labels: readonly string[]) => [...labels].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }));
const dedupe = (xs: readonly string[]) => xs.filter((x, i) => xs[i - 1] !== x);

describe("read model sort by a labelled code", () => {
  it("orders statuses by their labels, both directions, on the page and in the export", async () => {
    const asc = await listReadModelEmployments(db, scope, { page: 1, page_size: 100, sort: "status", order: "asc" });
    const labels = asc.employments.map((e) => STATUS_LABELS[e.status]);
    expect(labels).toEqual(byLabel(EMPLOYMENT_STATUSES.map((s) => STATUS_LABELS[s])));
    // Not the code order (the test would not notice a raw sort otherwise).
    expect(asc.employments.map((e) => e.status)).not.toEqual([...EMPLOYMENT_STATUSES].sort());
    expect(labels.slice(0, 2)).toEqual(["Active", "Archived"]);
    expect(labels.indexOf("Awaiting reserve")).toBeLessThan(labels.indexOf("Created"));
    expect(labels.indexOf("In review")).toBeLessThan(labels.indexOf("Initiated"));

    const desc = await listReadModelEmployments(db, scope, { page: 1, page_size: 100, sort: "status", order: "desc" });
    expect(desc.employments.map((e) => STATUS_LABELS[e.status])).toEqual([...labels].reverse());

    const exported: string[] = [];
    for await (const rows of iterateReadModelEmployments(db, scope, { sort: "status", order: "desc" }, 3))
      exported.push(...rows.map((e) => e.id));
    expect(exported).toEqual(desc.employments.map((e) => e.id));
  });

  it("orders lifecycle stages by their labels (Self-enrolment after Remote enrolment)", async () => {
    const asc = await listReadModelEmployments(db, scope, { page: 1, page_size: 100, sort: "lifecycle_stage", order: "asc" });
    const labels = asc.employments.map((e) => LIFECYCLE_LABELS[e.employment_lifecycle_stage]);
    expect(dedupe(labels)).toEqual(byLabel(LIFECYCLE_STAGES.map((s) => LIFECYCLE_LABELS[s])));
    expect(dedupe(labels).indexOf("Self-enrolment")).toBeGreaterThan(dedupe(labels).indexOf("Remote enrolment"));
  });
});
