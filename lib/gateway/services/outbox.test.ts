import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createGatewayApp } from "../app";
import type { GatewayDeps } from "../context";
import type { Db, Tx } from "../db/client";
import { employmentFiles, employments, outboxEvents } from "../db/schema";
import { exampleSection } from "../forms";
import { TEST_DB_KIND, createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { makeEmployment, makeTenant } from "@/test-support/gateway/factories";

// CONVENTIONS 8 / issue 4: an event's outbox row is written in the transaction of the change that
// causes it. Proof: the operation runs on a database handle whose transactions, once the operation's
// own work is done (emitEvent included), look inside (the change and its outbox rows are there) and
// then fail, as a crash or a failed COMMIT would. Afterwards neither the change nor any outbox row
// exists. The failure is injected through deps.db (the handle every service takes): no test branch
// in production code. Then the same request on the real handle writes both (the control).

class ForcedFailure extends Error {
  override name = "ForcedFailure";
}

type EmploymentRow = typeof employments.$inferSelect;

interface Observed {
  events: string[];
  employment: EmploymentRow | undefined;
  files: number;
}

/**
 * `db` whose transactions fail after their work when they wrote an outbox row (others, such as token
 * bookkeeping, commit as usual). `observe` records what the failing transaction held just before.
 */
function failAfterEmit(db: Db, employmentId: string, seen: Observed[]): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== "transaction") {
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      }
      const transaction: Db["transaction"] = (work, config) =>
        target.transaction(async (tx: Tx) => {
          const result = await work(tx);
          const events = await tx.select({ type: outboxEvents.eventType }).from(outboxEvents);
          if (events.length === 0) return result;
          const [employment] = await tx.select().from(employments).where(eq(employments.id, employmentId));
          const files = await tx
            .select({ id: employmentFiles.id })
            .from(employmentFiles)
            .where(eq(employmentFiles.employmentId, employmentId));
          seen.push({ events: events.map((e) => e.type).sort(), employment, files: files.length });
          throw new ForcedFailure("the transaction fails after emitEvent ran");
        }, config);
      return transaction;
    },
  });
}

let gw: TestGateway;
let t: Awaited<ReturnType<typeof makeTenant>>;

beforeEach(async () => {
  gw = await createTestGateway();
  t = await makeTenant(gw.deps.db, "sandbox");
});

const outboxRows = () => gw.deps.db.select().from(outboxEvents);
const employmentRow = async (id: string) => (await gw.deps.db.select().from(employments).where(eq(employments.id, id)))[0]!;

interface Case {
  name: string;
  request: (employmentId: string) => { method: string; path: string; body: unknown };
  events: string[];
  /** The change, as the row shows it once made. */
  changed: (row: EmploymentRow, files: number) => boolean;
}

const CASES: Case[] = [
  {
    name: "PATCH /v2/employments/{id} (manager)",
    request: (id) => ({ method: "PATCH", path: `/v2/employments/${id}`, body: { manager_id: t.owner.id } }),
    events: ["employment.details.updated"],
    changed: (row) => row.managerUserId === t.owner.id,
  },
  {
    name: "PATCH /v1/employments/{id} (contract details: task, agreement file)",
    request: (id) => ({
      method: "PATCH",
      path: `/v1/employments/${id}`,
      body: { contract_details: exampleSection("PRT", "contract_details", 0) },
    }),
    events: ["employment.employment_agreement.available", "employment.onboarding_task.completed"],
    changed: (row, files) => row.contractDetails !== null && row.onboardingTasks.contract_details === "completed" && files === 1,
  },
  {
    name: "PATCH /v1/sandbox/employments/{id} (activation)",
    request: (id) => ({ method: "PATCH", path: `/v1/sandbox/employments/${id}`, body: { status: "active" } }),
    events: ["employment.user_status.activated"],
    changed: (row) => row.status === "active",
  },
];

describe(`outbox rows and their change share one transaction (${TEST_DB_KIND})`, () => {
  it.each(CASES)("$name: a failure after emitEvent leaves neither the change nor the event", async ({ request, events, changed }) => {
    const e = await makeEmployment(gw.deps.db, t.company.id);
    const before = await employmentRow(e.id);
    const { method, path, body } = request(e.id);

    const seen: Observed[] = [];
    const failing = createGatewayApp({ ...gw.deps, db: failAfterEmit(gw.deps.db, e.id, seen) } satisfies GatewayDeps);
    const res = await failing.request(path, {
      method,
      headers: { authorization: `Bearer ${t.tokens.admin}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    // An unknown error: the generic 500, nothing of the cause.
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain("ForcedFailure");

    // Inside the transaction, just before it failed: the change and its events, together.
    expect(seen).toHaveLength(1);
    expect(seen[0]!.events).toEqual(events);
    expect(changed(seen[0]!.employment!, seen[0]!.files)).toBe(true);

    // After it: neither.
    expect(await outboxRows()).toEqual([]);
    expect(await employmentRow(e.id)).toEqual(before);
    expect(await gw.deps.db.select().from(employmentFiles).where(eq(employmentFiles.employmentId, e.id))).toEqual([]);

    // Control: the same request on the real handle makes the change and writes the events.
    const ok = await gw.call(method, path, { token: t.tokens.admin, body });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect((await outboxRows()).map((r) => r.eventType).sort()).toEqual(events);
    const files = await gw.deps.db.select().from(employmentFiles).where(eq(employmentFiles.employmentId, e.id));
    expect(changed(await employmentRow(e.id), files.length)).toBe(true);
  });
});
