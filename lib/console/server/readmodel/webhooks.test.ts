import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWebhookHeaders } from "@/lib/gateway/webhooks/signer";
import { readmodelCallbacks, readmodelEmployments, readmodelSyncState, readmodelWebhookEvents } from "../db/schema";
import { getConsoleTestDatabase } from "@/test-support/console/db";
import { handleConnectCallback, handleConnectStart } from "../partner/connect";
import { handleCreateConsentLink } from "../partner/routes";
import {
  COMPANY_A,
  COMPANY_B,
  consentThroughLink,
  CUSTOMER_TOKENS,
  PartnerBrowser,
  setupPartner,
  type PartnerSetup,
} from "@/test-support/console/partner";
import type { EventJobData } from "./jobs";
import { startReadModel, type ReadModelRuntime } from "./runtime";
import { handleReadModelWebhook, receiveWebhook, targetOf } from "./webhooks";

// The read model fed by webhooks, end to end in one process: the runtime's scheduler queues both
// companies, its workers register the console's callback at the API for each (key sealed) and read
// them; a delivery signed as the API signs it is verified, de-duplicated on its event id and re-reads
// the employment it names. A bad signature, a stale timestamp, a replayed event id or another
// company's payload change nothing.

const waitFor = async (check: () => Promise<boolean>, ms = 60_000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 200));
  }
};

describe("the read model's webhooks", () => {
  let s: PartnerSetup;
  let runtime: ReadModelRuntime;
  const receivers = {} as Record<"A" | "B", { id: string; key: string; companyId: string }>;

  beforeAll(async () => {
    s = await setupPartner();
    const operator = new PartnerBrowser(s);
    await operator.signInOperator();
    for (const company of [COMPANY_A, COMPANY_B]) {
      const res = await handleCreateConsentLink(s.deps, operator.request("/api/partner/consent-links", { method: "POST" }));
      const link = ((await res.json()) as { data: { url: string } }).data.url;
      await consentThroughLink(
        s,
        operator,
        link,
        { email: company.owner },
        {
          start: (r) => handleConnectStart(s.deps, r),
          callback: (r) => handleConnectCallback(s.deps, r),
        },
      );
    }
    const database = await getConsoleTestDatabase({ keepData: true });
    runtime = await startReadModel({
      database,
      auth: s.deps,
      intervalMs: 3_600_000,
      pollingIntervalSeconds: 0.5,
      schedulerTickMs: 3_600_000,
    });
    // The scheduler's first tick queues both companies; each re-read registers the callback first.
    await waitFor(async () => (await s.db.select().from(readmodelSyncState)).filter((r) => r.lastSyncedAt).length === 2);
    for (const [key, company] of [
      ["A", COMPANY_A],
      ["B", COMPANY_B],
    ] as const) {
      const [row] = await s.db
        .select()
        .from(readmodelCallbacks)
        .where(and(eq(readmodelCallbacks.environment, "sandbox"), eq(readmodelCallbacks.companyId, company.id)));
      receivers[key] = {
        id: row!.id,
        key: s.deps.cipher.open(row!.signingKeyEnc, `readmodel_callbacks:${row!.id}:signing_key`),
        companyId: company.id,
      };
    }
  }, 180_000);

  afterAll(async () => {
    if (!runtime) return;
    await runtime.stop();
    // Its jobs (completed, failed, waiting for a retry) do not stay in the shared console test database.
    await runtime.boss.clearStorage();
  });

  it("registers one callback per company at the API, pointing at the console's receiver, its key sealed", async () => {
    for (const [key, token] of [
      ["A", CUSTOMER_TOKENS.acme],
      ["B", CUSTOMER_TOKENS.globex],
    ] as const) {
      const receiver = receivers[key];
      const [row] = await s.db.select().from(readmodelCallbacks).where(eq(readmodelCallbacks.id, receiver.id));
      expect(row!.url).toBe(`${s.deps.config.consoleUrl}/api/webhooks/sandbox/${receiver.id}`);
      expect(row!.signingKeyEnc).not.toContain(receiver.key);
      const res = await s.gateways.sandbox.call("GET", `/v1/companies/${receiver.companyId}/webhook-callbacks`, { token });
      const listed = ((await res.json()) as { data: { id: string; url: string }[] }).data;
      expect(listed.filter((c) => c.url === row!.url).map((c) => c.id)).toEqual([row!.callbackId]);
    }
  });

  const employmentOf = async (companyId: string) =>
    (await s.db.select().from(readmodelEmployments).where(eq(readmodelEmployments.companyId, companyId)).limit(1))[0]!;

  function delivery(
    receiver: { id: string; key: string },
    payload: unknown,
    options: { eventId: string; timestampMs?: number; key?: string },
  ) {
    const rawBody = JSON.stringify(payload);
    const headers = buildWebhookHeaders({
      signingKey: options.key ?? receiver.key,
      rawBody,
      timestampMs: options.timestampMs ?? Date.now(),
      eventId: options.eventId,
    });
    return new Request(`http://127.0.0.1:3000/api/webhooks/sandbox/${receiver.id}`, { method: "POST", headers, body: rawBody });
  }
  const post = (req: Request, receiverId: string) =>
    handleReadModelWebhook(
      req,
      { environment: "sandbox", receiver: receiverId },
      { db: s.db, cipher: s.deps.cipher, enqueue: (job) => runtime.enqueueEvent(job) },
    );
  const staleName = async (employmentId: string) =>
    s.db.update(readmodelEmployments).set({ fullName: "stale name" }).where(eq(readmodelEmployments.employmentId, employmentId));
  const nameOf = async (employmentId: string) =>
    (
      await s.db
        .select({ name: readmodelEmployments.fullName })
        .from(readmodelEmployments)
        .where(eq(readmodelEmployments.employmentId, employmentId))
    )[0]?.name;

  it("a delivery signed as the API signs it re-reads the employment it names; its replay changes nothing", async () => {
    const row = await employmentOf(COMPANY_A.id);
    await staleName(row.employmentId);
    const payload = { event_type: "employment.details.updated", employment_id: row.employmentId, company_id: COMPANY_A.id };
    const first = await post(delivery(receivers.A, payload, { eventId: "evt-details-1" }), receivers.A.id);
    expect(first.status).toBe(200);
    await waitFor(async () => (await nameOf(row.employmentId)) === row.fullName, 30_000);

    await staleName(row.employmentId);
    const replay = await post(delivery(receivers.A, payload, { eventId: "evt-details-1" }), receivers.A.id);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ ok: true, duplicate: true });
    await new Promise((r) => setTimeout(r, 2500)); // longer than the workers' polling
    expect(await nameOf(row.employmentId)).toBe("stale name");
  });

  it("a bad signature, a stale timestamp or another company's payload is refused and changes nothing", async () => {
    const row = await employmentOf(COMPANY_A.id);
    await staleName(row.employmentId);
    const payload = { event_type: "employment.details.updated", employment_id: row.employmentId, company_id: COMPANY_A.id };
    const eventsBefore = (await s.db.select().from(readmodelWebhookEvents)).length;

    const forged = await post(delivery(receivers.A, payload, { eventId: "evt-forged", key: "not-the-signing-key" }), receivers.A.id);
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ error: "invalid_signature" });
    const stale = await post(
      delivery(receivers.A, payload, { eventId: "evt-stale", timestampMs: Date.now() - 10 * 60_000 }),
      receivers.A.id,
    );
    expect(stale.status).toBe(401);
    // B's key on A's receiver: the signature does not verify with A's key.
    const otherKey = await post(delivery(receivers.A, payload, { eventId: "evt-b-key", key: receivers.B.key }), receivers.A.id);
    expect(otherKey.status).toBe(401);
    // Signed with B's key at B's receiver but naming company A: refused.
    const crossCompany = await post(delivery(receivers.B, payload, { eventId: "evt-cross" }), receivers.B.id);
    expect(crossCompany.status).toBe(400);
    // A tampered body under a valid signature.
    const good = delivery(receivers.A, payload, { eventId: "evt-tampered" });
    const tampered = new Request(good.url, {
      method: "POST",
      headers: good.headers,
      body: JSON.stringify({ ...payload, employment_id: "x" }),
    });
    expect((await post(tampered, receivers.A.id)).status).toBe(401);
    // An unknown receiver.
    expect(
      (await post(delivery({ id: "x".repeat(24), key: receivers.A.key }, payload, { eventId: "evt-unknown" }), "x".repeat(24))).status,
    ).toBe(404);

    await new Promise((r) => setTimeout(r, 2500));
    expect(await nameOf(row.employmentId)).toBe("stale name");
    expect((await s.db.select().from(readmodelWebhookEvents)).length).toBe(eventsBefore);
  });

  it("a delivery is refused with 503 (delivered again later) when the queue cannot take it, and its id is not recorded", async () => {
    const row = await employmentOf(COMPANY_A.id);
    const payload = { event_type: "employment.details.updated", employment_id: row.employmentId, company_id: COMPANY_A.id };
    const res = await receiveWebhook(
      { db: s.db, cipher: s.deps.cipher, enqueue: () => Promise.reject(new Error("down")) },
      {
        environment: "sandbox",
        receiverId: receivers.A.id,
        rawBody: JSON.stringify(payload),
        headers: delivery(receivers.A, payload, { eventId: "evt-503" }).headers,
      },
    );
    expect(res.status).toBe(503);
    expect(await s.db.select().from(readmodelWebhookEvents).where(eq(readmodelWebhookEvents.eventId, "evt-503"))).toEqual([]);
  });

  it("the receiver refuses an oversized body and unknown environments before reading anything", async () => {
    const big = new Request("http://127.0.0.1:3000/x", { method: "POST", body: "x".repeat(70 * 1024) });
    expect((await post(big, receivers.A.id)).status).toBe(413);
    const res = await handleReadModelWebhook(
      new Request("http://127.0.0.1:3000/x", { method: "POST", body: "{}" }),
      { environment: "staging", receiver: receivers.A.id },
      {
        db: s.db,
        cipher: s.deps.cipher,
        enqueue: async () => undefined,
      },
    );
    expect(res.status).toBe(404);
  });

  it("events name what to re-read: an employment, an expense, the company, or nothing", () => {
    const enqueued: EventJobData["target"][] = [];
    for (const payload of [
      { event_type: "employment.onboarding.completed", employment_id: "e1", company_id: "c" },
      { event_type: "employment.administrative_details.updated", employment_slug: "e2", company_id: "c" },
      { event_type: "expense.approved", expense_id: "x1", employment_id: "e1", company_id: "c" },
      { event_type: "payslip.released", payslip_id: "p1", company_id: "c" },
      { event_type: "something.new", company_id: "c" },
    ]) {
      const target = targetOf(payload);
      if (target) enqueued.push(target);
    }
    expect(enqueued).toEqual([
      { kind: "employment", id: "e1" },
      { kind: "employment", id: "e2" },
      { kind: "expense", id: "x1" },
      { kind: "company" },
    ]);
  });
});
