import "server-only";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { exampleSection } from "@/lib/gateway/forms";
import { ManualClock } from "@/lib/gateway/clock";
import { outboxEvents } from "@/lib/gateway/db/schema";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { makeCustomerToken, makeEmployment, makeTenant } from "@/test-support/gateway/factories";

// Shared set-up of the people-ops route tests (time off, expenses, incentives, offboardings).

/** The provider's response examples, read from the shared fixtures (never copied into the project). */
export const FIXTURES_DIR = path.join(process.cwd(), "../shared/fixtures/api");
export const fixturesAvailable = existsSync(FIXTURES_DIR);
if (!fixturesAvailable) console.warn(`[people-ops tests] ${FIXTURES_DIR} is absent: the response-shape tests are skipped`);

export function readFixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(FIXTURES_DIR, name), "utf8")) as Record<string, unknown>;
}

/** Top-level keys of an object, sorted. */
export const keysOf = (o: unknown) => Object.keys(o as Record<string, unknown>).sort();

/** The clock of these tests: Thursday 15 January 2026, 09:00 UTC. */
export const TEST_NOW = Date.UTC(2026, 0, 15, 9, 0, 0);

export type Tenant = Awaited<ReturnType<typeof makeTenant>>;

export interface PeopleOpsSetup {
  gw: TestGateway;
  t: Tenant;
  other: Tenant;
  /** An active EOR employee of `t` in Portugal, managed by t's people manager, with 22 days of paid time off. */
  e: Awaited<ReturnType<typeof makeEmployment>>;
  /** An active employee of the other company. */
  otherE: Awaited<ReturnType<typeof makeEmployment>>;
}

export async function setupPeopleOps(
  options: { environment?: "sandbox" | "production"; bodyLimitBytes?: number } = {},
): Promise<PeopleOpsSetup> {
  const environment = options.environment ?? "sandbox";
  const gw = await createTestGateway({
    environment,
    clock: new ManualClock(TEST_NOW),
    ...(options.bodyLimitBytes ? { config: { bodyLimitBytes: options.bodyLimitBytes } } : {}),
  });
  const t = await makeTenant(gw.deps.db, environment);
  const other = await makeTenant(gw.deps.db, environment);
  const contract = { ...exampleSection("PRT", "contract_details", 0), available_pto: 22, work_hours_per_week: 40 };
  const e = await makeEmployment(gw.deps.db, t.company.id, {
    status: "active",
    lifecycleStage: "onboarded",
    managerUserId: t.peopleManager.id,
    contractDetails: contract,
  });
  const otherE = await makeEmployment(gw.deps.db, other.company.id, { status: "active", lifecycleStage: "onboarded" });
  return { gw, t, other, e, otherE };
}

/** A token of `user` holding only `scopes`. */
export const tokenWith = (gw: TestGateway, user: { id: string; companyId: string }, scopes: string[]) =>
  makeCustomerToken(gw.deps.db, gw.deps.config.environment, user, scopes);

/** Payloads of the outbox events of a type, in emission order. */
export async function eventsOf(gw: TestGateway, type: string): Promise<Record<string, unknown>[]> {
  const rows = await gw.deps.db.select().from(outboxEvents).where(eq(outboxEvents.eventType, type)).orderBy(asc(outboxEvents.seq));
  return rows.map((r) => r.payload);
}

export async function allEventTypes(gw: TestGateway): Promise<string[]> {
  const rows = await gw.deps.db.select({ t: outboxEvents.eventType }).from(outboxEvents).orderBy(asc(outboxEvents.seq));
  return rows.map((r) => r.t);
}

/** JSON body of a response, typed loosely for assertions. */
export const json = async (res: Response) => (await res.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const b64 = (bytes: Uint8Array | string) =>
  Buffer.from(typeof bytes === "string" ? Buffer.from(bytes, "utf8") : bytes).toString("base64");

/** Small but well-formed files of every accepted kind (and some refused ones). */
export const SAMPLE_FILES = {
  pdf: Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
  png: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==", "base64"),
  jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]),
  webp: Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x1a, 0, 0, 0]), Buffer.from("WEBPVP8 "), Buffer.alloc(14)]),
  heic: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic"), Buffer.alloc(12)]),
  csv: Buffer.from("date,item,amount\n2026-01-10,Taxi,12.50\n"),
  xlsx: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from("[Content_Types].xmlxl/workbook.xml")]),
  gif: Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"),
  exe: Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"),
  zip: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from("readme.txt")]),
};
