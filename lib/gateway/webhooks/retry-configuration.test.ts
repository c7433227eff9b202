import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebhookDeliveryListResponseSchema } from "@/lib/contract";
import { parseServerEnv } from "@/lib/env";
import { startGateway, type RunningGateway } from "../server";
import { makeEmployment, makeTenant } from "@/test-support/gateway/factories";

// Issue 10 item 8: GATEWAY_WEBHOOK_RETRY_SCHEDULE (and the timeout, lease and poll interval) set the
// embedded dispatcher's timing, so a receiver that always fails reaches the final failure in
// seconds: 1 attempt + 3 retries, then `failed`, and nothing more.

const SCHEDULE = [0, 50, 150];

let gateway: RunningGateway;
let dataDir: string;
let receiver: http.Server;
let receiverUrl: string;
const attempts: number[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      attempts.push(performance.now());
      res.writeHead(500).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  dataDir = mkdtempSync(path.join(tmpdir(), "roster-retry-config-"));
  gateway = await startGateway({
    env: parseServerEnv({
      LOG_LEVEL: "silent",
      GATEWAY_WEBHOOK_RETRY_SCHEDULE: SCHEDULE.join(","),
      GATEWAY_WEBHOOK_TIMEOUT_MS: "500",
      GATEWAY_WEBHOOK_LEASE_MS: "2000",
      GATEWAY_WEBHOOK_POLL_INTERVAL_MS: "20",
    }),
    ports: { sandbox: 0, production: 0 },
    dataDir,
    databaseUrl: null,
    redisUrl: null,
    banner: false,
    demo: false,
    dispatcher: true,
  });
}, 180_000);

afterAll(async () => {
  await gateway?.close({ idleGraceMs: 0 });
  await new Promise<void>((r) => receiver.close(() => r()));
  rmSync(dataDir, { recursive: true, force: true });
});

describe("GATEWAY_WEBHOOK_RETRY_SCHEDULE", () => {
  it("a failing receiver sees the whole configured schedule, then the delivery is failed", { timeout: 30_000 }, async () => {
    const { sandbox } = gateway;
    const tenant = await makeTenant(sandbox.deps.db, "sandbox");
    const employment = await makeEmployment(sandbox.deps.db, tenant.company.id);
    const call = (method: string, p: string, body?: unknown) =>
      fetch(`${sandbox.url}${p}`, {
        method,
        headers: { authorization: `Bearer ${tenant.tokens.owner}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const registered = await call("POST", "/v1/webhook-callbacks", { url: receiverUrl, subscribe_to_all_events: true });
    expect(registered.status).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    const triggered = await call("POST", "/v1/sandbox/webhook-callbacks/trigger", {
      employment_id: employment.id,
      event_type: "employment.details.updated",
    });
    expect(triggered.status, await triggered.clone().text()).toBe(200);

    const started = performance.now();
    let status = "pending";
    while (status !== "failed" && performance.now() - started < 20_000) {
      await new Promise((r) => setTimeout(r, 50));
      const res = await call("GET", "/v1/webhook-deliveries");
      status = WebhookDeliveryListResponseSchema.parse(await res.json()).data.webhook_events[0]?.status ?? "pending";
    }
    expect(status).toBe("failed");
    await new Promise((r) => setTimeout(r, 400));
    expect(attempts).toHaveLength(SCHEDULE.length + 1);
    // The last retry waited about 150 ms (±10 % jitter, plus polling), not the built-in 5 minutes.
    expect(attempts[3]! - attempts[2]!).toBeGreaterThanOrEqual(130);
    expect(attempts[3]! - attempts[0]!).toBeLessThan(10_000);
  });
});
