import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { IdentitySchema } from "@/lib/contract";
import { companyUsers, customerTokens } from "../../db/schema";
import { sha256 } from "../../crypto";
import { bearer, obtainTokens, setupOAuth, tokenRequest, type OAuthSetup } from "@/test-support/gateway/oauth";

const realIdentity = JSON.parse(readFileSync("/work/shared/fixtures/api/identity.current.json", "utf8")) as {
  data: { user: Record<string, unknown>; company: Record<string, unknown>; client_id: string };
};

describe("GET /v1/identity/current", () => {
  let setup: OAuthSetup;
  beforeEach(async () => {
    setup = await setupOAuth();
  });
  const get = (token?: string) => setup.app.request("/v1/identity/current", { headers: token ? bearer(token) : {} });

  it("a Customer API token: its user and company, no client_id (201, as the provider declares)", async () => {
    const res = await get(setup.tenant.tokens.owner);
    expect(res.status).toBe(201);
    const body = IdentitySchema.parse(await res.json());
    expect(body).toEqual({
      data: {
        user: { id: setup.tenant.owner.id, name: setup.tenant.owner.name, email: setup.tenant.owner.email, status: "active" },
        company: { id: setup.tenant.company.id, name: setup.tenant.company.name },
      },
    });
    // The same user and company fields as the real service.
    expect(Object.keys(body.data.user!).sort()).toEqual(Object.keys(realIdentity.data.user).sort());
    expect(Object.keys(body.data.company!).sort()).toEqual(Object.keys(realIdentity.data.company).sort());
  });

  it("an authorization-code grant: user, company and client id", async () => {
    const tokens = await obtainTokens(setup, { email: setup.tenant.owner.email });
    const body = IdentitySchema.parse(await (await get(tokens.access_token)).json());
    expect(body.data.user?.id).toBe(setup.tenant.owner.id);
    expect(body.data.company?.id).toBe(setup.tenant.company.id);
    expect(body.data.client_id).toBe(setup.client.id);
    expect(body.data.integration?.name).toEqual(expect.any(String));
  });

  it("client credentials: no user, no company; client id and integration", async () => {
    const { access_token } = (await (await tokenRequest(setup.app, setup.client, { grant_type: "client_credentials" })).json()) as {
      access_token: string;
    };
    expect(await (await get(access_token)).json()).toEqual({
      data: { client_id: setup.client.id, integration: { name: expect.any(String), display_name: expect.any(String), contact_email: "" } },
    });
  });

  it("no, an unknown, a revoked or an expired token → 401", async () => {
    for (const token of [undefined, "unknown-token", "ra_test_unknown"]) {
      const res = await get(token);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "Unauthorized" });
    }
    await setup.db
      .update(customerTokens)
      .set({ revokedAt: new Date() })
      .where(eq(customerTokens.tokenHash, sha256(setup.tenant.tokens.admin)));
    expect((await get(setup.tenant.tokens.admin)).status).toBe(401);
    const tokens = await obtainTokens(setup);
    setup.gw.clock.advance(3600_000);
    expect((await get(tokens.access_token)).status).toBe(401);
  });

  it("a token of a deactivated user → 401", async () => {
    await setup.db.update(companyUsers).set({ status: "inactive" }).where(eq(companyUsers.id, setup.tenant.owner.id));
    expect((await get(setup.tenant.tokens.owner)).status).toBe(401);
  });

  it("carries the rate-limit headers", async () => {
    const res = await get(setup.tenant.tokens.owner);
    expect(res.headers.get("x-ratelimit-remaining")).not.toBeNull();
  });
});
