import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { parseServerEnv } from "@/lib/env";
import { verifyWebhookRequest } from "@/lib/webhooks-verify";
import { webhookDeliveries, webhookDeliveryAttempts } from "./db/schema";
import { silentLogger } from "@/lib/logger";
import { startGateway, type RunningGateway } from "./server";
import { TEST_DATABASE_URL, TEST_DB_KIND } from "@/test-support/gateway/harness";
import { dropEnvironmentDatabases } from "@/test-support/gateway/databases";
import { makeEmployment, makeTenant } from "@/test-support/gateway/factories";

// `npm run gateway:worker` (worker.ts) as operators run it: a separate process delivering the
// webhooks of an API that runs with GATEWAY_WEBHOOK_DISPATCHER=off, both on PostgreSQL (the worker
// refuses PGlite, so this file runs in the PostgreSQL suite: TEST_DB=postgres). The worker is started
// with the package script's command line (tsx, react-server conditions), in its own process group,
// and killed with SIGKILL while it holds deliveries in flight (the receiver does not answer them):
// everything it held stays claimed, nothing is recorded. A second worker delivers the rest.
//
// The dead worker's claims come back when their lease runs out (15 s timeout + 60 s by default).
// Rather than wait 75 s, the test moves those leases' end to the past, as time would: the lease
// itself is tested in simulated time by dispatcher.test.ts; here the point is the process boundary.

const ROOT = process.cwd();
const TSX_CLI = path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");
const WORKER = path.join("lib", "gateway", "worker.ts");
/** Bounds of each wait (a busy 2-CPU machine compiles the worker with tsx at each start). */
const START_TIMEOUT_MS = 60_000;
const DELIVERY_TIMEOUT_MS = 30_000;
const EVENT = "employment.details.updated";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  eventId: string;
  verified: boolean;
  answered: boolean;
}

/** A receiver on 127.0.0.1 that answers 200, or holds requests unanswered while `hold` is set. */
async function startReceiver(signingKey: () => string) {
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  let closedHeld = 0;
  const state = { hold: false };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const result = verifyWebhookRequest({ headers: req.headers, rawBody: body, signingKey: signingKey() });
      const entry: Received = {
        headers: req.headers,
        body,
        eventId: String(req.headers["x-service-event-id"]),
        verified: result.ok,
        answered: !state.hold,
      };
      received.push(entry);
      if (state.hold) {
        held.push(res);
        res.on("close", () => closedHeld++);
      } else res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/worker-test`,
    received,
    state,
    held,
    closedHeld: () => closedHeld,
    /** Event ids acknowledged with a 200. */
    acknowledged: () => new Set(received.filter((r) => r.answered).map((r) => r.eventId)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Worker {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `tsx --conditions=react-server lib/gateway/worker.ts` and resolves once both dispatchers run. */
async function startWorker(env: NodeJS.ProcessEnv): Promise<Worker> {
  const child = spawn(process.execPath, [TSX_CLI, "--conditions=react-server", WORKER], {
    cwd: ROOT,
    env,
    detached: true, // its own process group: SIGKILL reaches tsx and the node process it runs
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  const started = await Promise.race([
    waitFor(
      () => (output.match(/webhook dispatcher started/g) ?? []).length >= 2,
      START_TIMEOUT_MS,
      "the worker starts its two dispatchers",
    ),
    exited.then(({ code, signal }) => {
      throw new Error(`the worker exited before starting (code ${code}, signal ${signal}):\n${output}`);
    }),
  ]).then(
    () => true,
    (error: unknown) => {
      killGroup(child, "SIGKILL");
      throw new Error(`${(error as Error).message}\n--- worker output ---\n${output}`);
    },
  );
  expect(started).toBe(true);
  return { child, output: () => output, exited };
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    /* already gone */
  }
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(TEST_DB_KIND !== "postgres")("npm run gateway:worker (PostgreSQL)", () => {
  const secret = randomBytes(32).toString("base64url");
  const dbName = `roster_worker_test_${process.pid}`;
  const databaseUrl = (() => {
    const u = new URL(TEST_DATABASE_URL);
    u.pathname = `/${dbName}`;
    return u.toString();
  })();
  let dataDir: string;
  let gateway: RunningGateway | undefined;
  const workers: Worker[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "roster-worker-"));
  });

  afterAll(async () => {
    for (const w of workers) killGroup(w.child, "SIGKILL");
    await gateway?.close();
    rmSync(dataDir, { recursive: true, force: true });
    await dropEnvironmentDatabases(databaseUrl);
  });

  it("delivers, dies by SIGKILL with deliveries in flight, and a restarted worker delivers every event", { timeout: 240_000 }, async () => {
    // The API, with delivery left to workers.
    const apiEnv = parseServerEnv({
      GATEWAY_WEBHOOK_DISPATCHER: "off",
      GATEWAY_SECRET_KEY: secret,
      GATEWAY_MODE: "local",
      LOG_LEVEL: "silent",
    });
    expect(apiEnv.GATEWAY_WEBHOOK_DISPATCHER).toBe("off");
    gateway = await startGateway({
      env: apiEnv,
      ports: { sandbox: 0, production: 0 },
      dataDir,
      databaseUrl,
      redisUrl: null,
      logger: silentLogger,
      banner: false,
      demo: false,
    });
    const api = gateway.sandbox;
    const db = api.deps.db;
    const tenant = await makeTenant(db, "sandbox");
    const employment = await makeEmployment(db, tenant.company.id);
    const call = async (method: string, route: string, body: unknown) => {
      const res = await fetch(`${api.url}${route}`, {
        method,
        headers: { authorization: `Bearer ${tenant.tokens.admin}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status, `${method} ${route}: ${await res.clone().text()}`).toBeLessThan(300);
      return res.json() as Promise<unknown>;
    };

    let signingKey = "";
    const receiver = await startReceiver(() => signingKey);
    try {
      const registered = (await call("POST", "/v1/webhook-callbacks", { url: receiver.url, subscribed_events: [EVENT] })) as {
        data: { webhook_callback: { signing_key: string } };
      };
      signingKey = registered.data.webhook_callback.signing_key;
      await new Promise((r) => setTimeout(r, 5)); // events strictly after the registration
      // The event id is the X-Service-Event-Id header (the body is the provider's SuccessResponse).
      const emit = async (): Promise<string> => {
        const res = await fetch(`${api.url}/v1/sandbox/webhook-callbacks/trigger`, {
          method: "POST",
          headers: { authorization: `Bearer ${tenant.tokens.admin}`, "content-type": "application/json" },
          body: JSON.stringify({ employment_id: employment.id, event_type: EVENT }),
        });
        expect(res.status, await res.clone().text()).toBe(200);
        return res.headers.get("x-service-event-id")!;
      };

      // Before any worker: the API itself delivers nothing (GATEWAY_WEBHOOK_DISPATCHER=off).
      const events = [await emit()];
      await new Promise((r) => setTimeout(r, 1_500));
      expect(receiver.received).toEqual([]);

      const workerEnv: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        DATABASE_URL: databaseUrl,
        GATEWAY_SECRET_KEY: secret,
        GATEWAY_MODE: "local",
        GATEWAY_DATA_DIR: dataDir,
        LOG_LEVEL: "info",
      };

      // Worker 1 delivers the event queued before it started.
      const first = await startWorker(workerEnv);
      workers.push(first);
      await waitFor(() => receiver.acknowledged().has(events[0]!), DELIVERY_TIMEOUT_MS, "worker 1 delivers the first event");

      // Worker 1 takes three more events, the receiver holds them: SIGKILL while they are in flight.
      receiver.state.hold = true;
      for (let i = 0; i < 3; i++) events.push(await emit());
      await waitFor(() => receiver.held.length >= 1, DELIVERY_TIMEOUT_MS, "worker 1 has a delivery in flight");
      killGroup(first.child, "SIGKILL");
      expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });
      // Its connections die with it (no process of the group is left holding them).
      await waitFor(() => receiver.closedHeld() === receiver.held.length, 10_000, "the killed worker's connections close");
      receiver.state.hold = false;
      const inFlight = receiver.held.length;

      // What it held stays claimed under its name, with no attempt recorded.
      const claimed = await db
        .select({ id: webhookDeliveries.id, lockedBy: webhookDeliveries.lockedBy })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.status, "pending"), isNotNull(webhookDeliveries.lockedBy)));
      expect(claimed.length).toBeGreaterThanOrEqual(inFlight);
      const deadWorkers = [...new Set(claimed.map((c) => c.lockedBy!))];
      expect(
        await db
          .select()
          .from(webhookDeliveryAttempts)
          .where(
            inArray(
              webhookDeliveryAttempts.deliveryId,
              claimed.map((c) => c.id),
            ),
          ),
      ).toEqual([]);

      // Worker 2 starts and delivers what is new, while the dead worker's leases still hold.
      const second = await startWorker(workerEnv);
      workers.push(second);
      events.push(await emit());
      await waitFor(() => receiver.acknowledged().has(events.at(-1)!), DELIVERY_TIMEOUT_MS, "worker 2 delivers a new event");

      // The leases run out (moved to the past instead of waiting 75 s): worker 2 delivers the rest.
      await db
        .update(webhookDeliveries)
        .set({ lockedUntil: new Date(Date.now() - 1_000) })
        .where(and(eq(webhookDeliveries.status, "pending"), inArray(webhookDeliveries.lockedBy, deadWorkers)));
      await waitFor(() => events.every((id) => receiver.acknowledged().has(id)), DELIVERY_TIMEOUT_MS, "every event is acknowledged");
      await waitFor(
        async () => (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.status, "delivered"))).length === events.length,
        DELIVERY_TIMEOUT_MS,
        "every delivery is recorded as delivered",
      );

      // Nothing lost, every request signed with the callback's key, duplicates share their event id.
      const deliveries = await db.select().from(webhookDeliveries);
      expect(deliveries.map((d) => d.eventId).sort()).toEqual([...events].sort());
      expect(deliveries.every((d) => d.status === "delivered")).toBe(true);
      expect(receiver.received.every((r) => r.verified)).toBe(true);
      expect(new Set(receiver.received.map((r) => r.eventId))).toEqual(new Set(events));
      expect(receiver.received.length).toBe(events.length + inFlight);
      for (const r of receiver.received) expect(JSON.parse(r.body)).toMatchObject({ event_type: EVENT, employment_id: employment.id });

      // SIGTERM (to tsx, which passes it on, as a service manager would): a clean stop.
      second.child.kill("SIGTERM");
      expect(await second.exited).toEqual({ code: 0, signal: null });
      expect(second.output()).toContain("stopping the webhook dispatchers");
    } finally {
      await receiver.close();
    }
  });
});
