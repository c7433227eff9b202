import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext } from "@playwright/test";
import { verifyWebhookRequest } from "../../lib/webhooks-verify";
import { createPortugueseEmployee } from "../support/api";
import { CONSOLE_URL, DEMO_COMPANY } from "../support/env";
import { expect, test } from "../support/fixtures";

// Issue 4, acceptance "Playwright": register a callback to a local receiver from the console, change
// an employment's manager, see the delivery in the inspector with a verified signature, replay it.
// The receiver is a node:http server of the test runner on 127.0.0.1 (a free port); the API runs in
// its local mode, where loopback http callbacks are allowed. Delivery is asynchronous (the embedded
// dispatcher polls), so every wait for it is generous: a slow 2-CPU machine must pass too.

const EVENT = "employment.details.updated";
const MANAGER = DEMO_COMPANY.users.people_manager;
/** How long a delivery (or a replay) may take to reach the receiver, and the log to show it. */
const DELIVERY_TIMEOUT = 60_000;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1: records every request and answers 204 at once. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  // A path unique to this run, so the callback (and its deliveries) are told apart from any other.
  const url = `http://127.0.0.1:${port}/hooks/e2e-${Date.now().toString(36)}`;
  return {
    url,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The demo company's id, as the API knows it (the token acts for the company). */
async function demoCompanyId(api: APIRequestContext): Promise<string> {
  const res = await api.get("/v1/identity/current");
  expect(res.status(), "GET /v1/identity/current").toBe(201);
  const { data } = (await res.json()) as { data: { company: { id: string; name: string } | null } };
  expect(data.company?.name).toBe(DEMO_COMPANY.name);
  return data.company!.id;
}

/** Deletes, through the API, the company callbacks pointing at `url` (cleanup when the UI could not). */
async function deleteCallbacksTo(api: APIRequestContext, companyId: string, url: string): Promise<void> {
  // The provider's list: every callback in a bare array.
  const res = await api.get(`/v1/companies/${companyId}/webhook-callbacks`);
  if (!res.ok()) return;
  const { data } = (await res.json()) as { data: { id: string; url: string }[] };
  for (const cb of data.filter((c) => c.url === url)) await api.delete(`/v1/webhook-callbacks/${cb.id}`);
}

test("register a callback, change a manager, inspect the signed delivery and replay it", async ({ page, sandboxApi, axe, snap }) => {
  test.setTimeout(240_000);
  const companyId = await demoCompanyId(sandboxApi);
  const receiver = await startReceiver();
  try {
    // 1. Register the receiver from the Webhooks page, for the one event type the change emits.
    await page.goto("/webhooks");
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    await page.getByRole("button", { name: "Register a callback" }).click();
    await page.getByLabel("Callback URL").fill(receiver.url);
    await page.getByRole("checkbox", { name: EVENT, exact: true }).check();
    await expect(page.getByText("1 event type of", { exact: false })).toBeVisible();
    await page.getByRole("button", { name: "Register callback" }).click();

    // The signing key is shown once: read it from the reveal, as a user copies it.
    const reveal = page.getByRole("region", { name: "Callback registered: copy its signing key now" });
    await expect(reveal).toBeVisible();
    const signingKey = await reveal.getByLabel(`Signing key for ${receiver.url}`).inputValue();
    expect(signingKey.length).toBeGreaterThanOrEqual(32);
    await axe(page, "webhooks-signing-key");
    await reveal.getByRole("button", { name: /^I've stored the key/ }).click();
    await expect(reveal).toBeHidden();
    const callbacks = page.getByRole("list", { name: "Webhook callbacks" });
    await expect(callbacks.getByRole("heading", { level: 3, name: receiver.url })).toBeVisible();

    // 2. Change the manager of an employment (created for this test) on its edit page.
    const employment = await createPortugueseEmployee(sandboxApi, "webhooks");
    await page.goto(`/employments/${employment.id}/edit`);
    await expect(page.getByRole("heading", { level: 1, name: "Edit employment" })).toBeVisible();
    const manager = page.getByLabel("Manager");
    const option =
      (await manager
        .getByRole("option", { name: new RegExp(`^${MANAGER.name} \\(${MANAGER.email.replace(/\./g, "\\.")}\\)`) })
        .textContent()) ?? "";
    await manager.selectOption({ label: option });
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Changes saved" })).toBeVisible();

    // 3. The receiver gets the event, signed with the key shown at registration.
    const isOurs = (r: Received) => {
      const body = JSON.parse(r.body) as { event_type?: string; employment_id?: string };
      return body.event_type === EVENT && body.employment_id === employment.id;
    };
    await expect
      .poll(() => receiver.received.filter(isOurs).length, { message: `the receiver gets ${EVENT}`, timeout: DELIVERY_TIMEOUT })
      .toBeGreaterThan(0);
    const first = receiver.received.find(isOurs)!;
    const verified = verifyWebhookRequest({ headers: first.headers, rawBody: first.body, signingKey });
    expect(verified, "the delivery's signature verifies with lib/webhooks-verify").toMatchObject({ ok: true });
    const eventId = verified.ok ? verified.eventId : null;
    expect(eventId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(first.body)).toEqual({ event_type: EVENT, employment_id: employment.id, company_id: companyId });
    // The callback asked for one event type: nothing else came.
    expect(receiver.received.every(isOurs)).toBe(true);

    // 4. The delivery log shows it delivered (filters: this event type, delivered).
    await page.goto("/webhooks/deliveries");
    await expect(page.getByRole("heading", { level: 1, name: "Webhook deliveries" })).toBeVisible();
    await page.getByLabel("Event type").selectOption(EVENT);
    await page.getByLabel("Delivery", { exact: true }).selectOption({ label: "Delivered" });
    await expect(page).toHaveURL(
      (url) => url.searchParams.get("event_type") === EVENT && url.searchParams.get("successfully_delivered") === "true",
    );
    const row = page
      .getByRole("row")
      .filter({ hasText: `employment_id: ${employment.id}` })
      .filter({ hasText: receiver.url });
    // The attempt is recorded just after the receiver answered: refresh until the log has it.
    await expect(async () => {
      await page.getByRole("button", { name: "Refresh" }).click();
      await expect(row).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: DELIVERY_TIMEOUT, intervals: [1_000, 2_000] });
    await expect(row.getByText("Delivered", { exact: true })).toBeVisible();

    // Its details: the event id the receiver de-duplicates on, the payload, one successful attempt.
    await row.getByRole("button", { name: new RegExp(`^Details of ${EVENT.replace(/\./g, "\\.")} of `) }).click();
    const detail = page.getByRole("region", { name: "Delivery details" });
    await expect(detail.getByText(eventId!, { exact: true })).toBeVisible();
    await expect(detail.getByText(`"employment_id": "${employment.id}"`)).toBeVisible();
    const attempts = detail.getByRole("region", { name: "Attempts" });
    await expect(attempts.getByRole("row")).toHaveCount(2); // header + attempt 1
    await expect(attempts.getByText("Delivered", { exact: true })).toBeVisible();
    await axe(page, "webhook-deliveries");
    await snap(page, "webhook-deliveries-detail");

    // 5. Select it and replay: the receiver gets it again, same event id, a new valid signature.
    await row.getByRole("checkbox", { name: new RegExp(`^Select ${EVENT.replace(/\./g, "\\.")} of `) }).check();
    // Replay is a bulk action of the list framework: a confirmation naming the count, then a per-row result.
    await page.getByRole("toolbar", { name: "Bulk actions" }).getByRole("button", { name: "Replay…" }).click();
    const confirm = page.getByRole("dialog", { name: "Replay deliveries" });
    await expect(confirm).toContainText("1 delivery will be sent again");
    await confirm.getByRole("button", { name: "Replay 1 delivery" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Replay deliveries: 1 done" })).toBeVisible();
    await expect
      .poll(() => receiver.received.filter(isOurs).length, { message: "the replay reaches the receiver", timeout: DELIVERY_TIMEOUT })
      .toBe(2);
    const second = receiver.received.filter(isOurs)[1]!;
    expect(second.headers["x-service-event-id"]).toBe(eventId);
    expect(second.body).toBe(first.body);
    expect(verifyWebhookRequest({ headers: second.headers, rawBody: second.body, signingKey })).toMatchObject({ ok: true, eventId });
    // The inspector counts the second attempt once it is recorded.
    await expect(async () => {
      await page.getByRole("button", { name: "Refresh" }).click();
      await expect(row.getByRole("cell", { name: "2", exact: true })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: DELIVERY_TIMEOUT, intervals: [1_000, 2_000] });

    // 6. Clean up from the console: delete the callback (its delivery log stays readable).
    await page.goto("/webhooks");
    await page.getByRole("button", { name: `Delete callback ${receiver.url}` }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this callback?" });
    await dialog.getByRole("button", { name: "Delete callback" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Callback ${receiver.url} deleted.` })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: receiver.url })).toHaveCount(0);
    expect(page.url().startsWith(CONSOLE_URL)).toBe(true);
  } finally {
    await deleteCallbacksTo(sandboxApi, companyId, receiver.url);
    await receiver.close();
  }
});
