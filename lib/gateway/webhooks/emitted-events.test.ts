import { describe, expect, it } from "vitest";
import { ONBOARDING_TASK_KEYS, WebhookPayloadSchemas, type WebhookEventType } from "@/lib/contract";
import { exampleSection } from "../forms/examples";
import { createTestGateway } from "@/test-support/gateway/harness";
import { makeDepartment, makeEmployment } from "@/test-support/gateway/factories";
import { createDispatcher } from "./dispatcher";
import { makeWebhookWorld, recordingSender, registerCallback } from "@/test-support/gateway/webhooks";

// The operations that exist emit their events (spec 6.1/6.2) through the outbox, in their own
// transaction, and every delivered payload is exactly what lib/contract WebhookPayloadSchemas says.

describe("events emitted by the API's operations", () => {
  it("employment updates, onboarding and activation reach a subscribed callback with valid payloads", async () => {
    const gw = await createTestGateway();
    const w = await makeWebhookWorld(gw);
    const { signingKey } = await registerCallback(gw, w.a.tokens.admin, {
      url: "https://hooks.example.com/ops",
      subscribe_to_all_events: true,
    });
    void signingKey;
    gw.clock.advance(1);
    const token = w.a.tokens.admin;
    const e = w.employmentA;
    const dept = await makeDepartment(gw.deps.db, w.a.company.id);

    const call = async (method: string, path: string, body: unknown) => {
      const res = await gw.call(method, path, { token, body });
      expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(200);
    };
    // Spec 4.1 rule 3: department or manager change → employment.details.updated.
    await call("PUT", `/v2/employments/${e.id}`, { department_id: dept.id });
    await call("PATCH", `/v2/employments/${e.id}`, { manager_id: w.a.owner.id });
    // Account e-mail → employment.account.updated.
    await call("PATCH", `/v2/employments/${e.id}`, { work_email: "new.address@work.example.test" });
    // Country sections: personal information, administrative details, each onboarding task, then onboarding completed.
    const sections = Object.fromEntries(
      ONBOARDING_TASK_KEYS.map((k) => [k, k === "bank_account_details" ? [exampleSection("PRT", k)] : exampleSection("PRT", k)]),
    );
    await call("PATCH", `/v1/employments/${e.id}`, sections);
    // Sandbox activation → employment.user_status.activated.
    const other = await makeEmployment(gw.deps.db, w.a.company.id);
    await call("PATCH", `/v1/sandbox/employments/${other.id}`, { status: "active" });

    const { sender, sent } = recordingSender();
    await createDispatcher(gw.deps, { sender }).drain();
    const byType = new Map<string, Record<string, unknown>[]>();
    for (const s of sent) {
      const body = JSON.parse(s.body) as { event_type: WebhookEventType };
      const parsed = WebhookPayloadSchemas[body.event_type].safeParse(body);
      expect(parsed.success, `${body.event_type}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      byType.set(body.event_type, [...(byType.get(body.event_type) ?? []), body]);
    }
    expect(byType.get("employment.details.updated")).toHaveLength(2);
    expect(byType.get("employment.account.updated")).toEqual([
      { event_type: "employment.account.updated", employment_id: e.id, company_id: w.a.company.id },
    ]);
    expect(byType.get("employment.personal_information.updated")).toHaveLength(1);
    expect(byType.get("employment.administrative_details.updated")).toEqual([
      { event_type: "employment.administrative_details.updated", employment_slug: e.id, company_id: w.a.company.id },
    ]);
    expect(
      byType
        .get("employment.onboarding_task.completed")!
        .map((p) => p.onboarding_task)
        .sort(),
    ).toEqual([...ONBOARDING_TASK_KEYS].sort());
    expect(byType.get("employment.onboarding.completed")).toEqual([
      { event_type: "employment.onboarding.completed", employment_id: e.id, company_id: w.a.company.id },
    ]);
    // Completing the contract details makes the agreement available: the file named by the event is the employment's.
    const agreement = byType.get("employment.employment_agreement.available");
    expect(agreement).toEqual([
      {
        event_type: "employment.employment_agreement.available",
        employment_id: e.id,
        company_id: w.a.company.id,
        file_id: expect.any(String),
      },
    ]);
    const shown = (await (await gw.call("GET", `/v1/employments/${e.id}`, { token })).json()) as {
      data: { employment: { files: { id: string; type: string }[] } };
    };
    expect(shown.data.employment.files).toEqual([expect.objectContaining({ id: agreement![0]!.file_id, type: "contract" })]);
    expect(byType.get("employment.user_status.activated")).toEqual([
      { event_type: "employment.user_status.activated", employment_id: other.id, company_id: w.a.company.id },
    ]);
    // Company B's callback-less world heard nothing of A: every delivery went to A's callback.
    expect(new Set(sent.map((s) => s.url))).toEqual(new Set(["https://hooks.example.com/ops"]));
  });

  it("a refused change emits nothing (the event lives and dies with its transaction)", async () => {
    const gw = await createTestGateway();
    const w = await makeWebhookWorld(gw);
    await registerCallback(gw, w.a.tokens.admin, { url: "https://hooks.example.com/ops", subscribe_to_all_events: true });
    gw.clock.advance(1);
    const foreignDept = await makeDepartment(gw.deps.db, w.b.company.id);
    const res = await gw.call("PUT", `/v2/employments/${w.employmentA.id}`, {
      token: w.a.tokens.admin,
      body: { department_id: foreignDept.id, work_email: "x@example.test" },
    });
    expect(res.status).toBe(422);
    const { sender, sent } = recordingSender();
    expect((await createDispatcher(gw.deps, { sender }).drain()).fannedOut).toBe(0);
    expect(sent).toEqual([]);
  });
});
