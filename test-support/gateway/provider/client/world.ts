import "server-only";
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { ManualClock } from "@/lib/gateway/clock";
import { employmentFiles } from "@/lib/gateway/db/schema";
import { exampleSection } from "@/lib/gateway/forms";
import { makeAccessToken, makeClient, makeDepartment, makeEmployment, makeTenant, makeUser } from "../../factories";
import { createTestGateway, type TestGateway } from "../../harness";
import { createClient, createConfig, type Client } from "./sdk";

// The world the provider's client is run against: the embedded API of the sandbox over a real
// node:http server on 127.0.0.1 (port 0), and the rows its operations act on, written with the test
// factories. Each operation that depends on another's result (read what was created) falls back on
// a seeded row when the create failed, so one failure is reported once, not once per dependent.

/** 2026-03-15 10:00 UTC (a Sunday): time off and payslips below are placed around it. */
export const WORLD_NOW = Date.UTC(2026, 2, 15, 10, 0, 0);

export interface ProviderClientWorld {
  gw: TestGateway;
  server: ServerType;
  baseUrl: string;
  /** The provider's client with no credentials (each call passes its `Authorization`). */
  client: Client;
  /** `Authorization` header values. */
  auth: {
    /** A customer token of the company owner (the Customer API tokens of the provider). */
    owner: string;
    /** An access token of an authorization-code grant of a partner, for the same owner. */
    partnerGrant: string;
    /** A client-credentials token of the partner, issued by the API itself when the token operation passes. */
    partnerClient: string;
  };
  partner: { id: string; secret: string };
  tenant: Awaited<ReturnType<typeof makeTenant>>;
  /** An active EOR employee in Portugal with a filled contract (amendments, time off, incentives, payslips). */
  active: Awaited<ReturnType<typeof makeEmployment>>;
  /** A second active employee (offboarding). */
  leaver: Awaited<ReturnType<typeof makeEmployment>>;
  /** A draft employment (status `created`), used when the create through the client failed. */
  draft: Awaited<ReturnType<typeof makeEmployment>>;
  /** A user with the people-manager role, to be removed by the delete operation. */
  formerManager: Awaited<ReturnType<typeof makeUser>>;
  department: Awaited<ReturnType<typeof makeDepartment>>;
  /** The signed employment agreement of the active employee (a document the provider lists under the employment's files). */
  agreementFileId: string;
  /** Ids produced by the operations run so far (created resources). */
  ids: Record<string, string | undefined>;
  close(): Promise<void>;
}

const bearer = (token: string) => `Bearer ${token}`;

export async function startProviderClientWorld(): Promise<ProviderClientWorld> {
  const gw = await createTestGateway({ clock: new ManualClock(WORLD_NOW) });
  const db = gw.deps.db;
  const tenant = await makeTenant(db, "sandbox", { name: "Acme Robotics", countryCode: "PRT" });
  const contract = { ...exampleSection("PRT", "contract_details", 0), available_pto: 22, work_hours_per_week: 40 };
  const activeEmployee = (name: string) =>
    makeEmployment(db, tenant.company.id, {
      status: "active",
      lifecycleStage: "onboarded",
      userStatus: "active",
      fullName: name,
      managerUserId: tenant.peopleManager.id,
      provisionalStartDate: "2025-01-06",
      activeContractId: randomUUID(),
      contractDetails: contract,
    });
  const active = await activeEmployee("Marta Sousa");
  const leaver = await activeEmployee("João Pereira");
  const draft = await makeEmployment(db, tenant.company.id, { fullName: "Ana Costa" });
  const formerManager = await makeUser(db, tenant.company.id, { role: "people_manager", name: "Rui Almeida" });
  const department = await makeDepartment(db, tenant.company.id, "Engineering");
  const agreementFileId = randomUUID();
  await db.insert(employmentFiles).values({
    id: agreementFileId,
    employmentId: active.id,
    companyId: tenant.company.id,
    name: "employment-agreement-marta-sousa.pdf",
    type: "contract",
    subType: "employment_agreement",
    contentType: "application/pdf",
    content: new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
    insertedAt: new Date(Date.UTC(2025, 0, 2, 9, 0)),
  });
  const partner = await makeClient(db);
  const partnerGrant = (await makeAccessToken(db, { clientId: partner.id, user: tenant.owner })).token;
  const partnerClient = (await makeAccessToken(db, { clientId: partner.id })).token;

  const server = serve({ fetch: gw.app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    gw,
    server,
    baseUrl,
    client: createClient(createConfig({ baseUrl })),
    auth: { owner: bearer(tenant.tokens.owner), partnerGrant: bearer(partnerGrant), partnerClient: bearer(partnerClient) },
    partner,
    tenant,
    active,
    leaver,
    draft,
    formerManager,
    department,
    agreementFileId,
    ids: {},
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
