import { describe, expect, it } from "vitest";
import { createApiClient } from "@/lib/console/server/api-client";
import { ApiRequestError } from "@/lib/console/api-errors";
import { fallbackLabel, fillListEnvelope, labelOf, read, readDate } from "@/lib/console/api-read";
import { NO_ACCESS_TOKEN, requestClientCredentialsToken, TokenEndpointError } from "@/lib/console/server/auth/token-endpoint";
import { getEmployment, listEmployments } from "@/lib/console/server/employments/api";

// The console's read path (docs/decisions/contract-console-reads.md): what the provider may validly
// leave out reads as the contract's shapes, a show without its object is the not-found state, and a
// token answer without an access token is a clear sign-in error.

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "x-request-id": "req-1" } });
const clientFor = (body: unknown) =>
  createApiClient({ baseUrl: "http://api.test", environment: "sandbox", getToken: async () => "t", fetch: async () => json(body) });

describe("list envelopes", () => {
  it("reads an absent envelope, list or pagination as an empty first page, and derives what is absent", () => {
    expect(fillListEnvelope(undefined, "employments")).toEqual({
      data: { employments: [], current_page: 1, total_count: 0, total_pages: 0 },
    });
    expect(fillListEnvelope({ data: { employments: [{}, {}] } }, "employments")).toEqual({
      data: { employments: [{}, {}], current_page: 1, total_count: 2, total_pages: 1 },
    });
    expect(fillListEnvelope({ data: { employments: [{}], current_page: 3, total_count: 41 } }, "employments")).toMatchObject({
      data: { current_page: 3, total_count: 41, total_pages: 3 },
    });
    // Pagination beside `data` (the departments' envelope).
    expect(fillListEnvelope({}, "company_departments", "beside")).toEqual({
      data: { company_departments: [] },
      current_page: 1,
      total_count: 0,
      total_pages: 0,
    });
  });

  it("keeps what is sent, and still refuses what is wrong", async () => {
    expect(await listEmployments(clientFor({}))).toEqual({ employments: [], current_page: 1, total_count: 0, total_pages: 0 });
    await expect(listEmployments(clientFor({ data: { employments: "nope" } }))).rejects.toThrow(/Unexpected response/);
  });
});

describe("shows", () => {
  it("an answer without its object is a 404 naming what was absent (the page's not-found state)", async () => {
    for (const body of [{}, { data: {} }, { data: { employment: null } }]) {
      const error = await getEmployment(clientFor(body), "e1").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiRequestError);
      expect((error as ApiRequestError).payload).toMatchObject({ kind: "not_found", status: 404, body: { absent: "employment" } });
    }
  });
});

describe("values the provider has and Roster does not", () => {
  it("reads a manager's role as a string and labels it readably", () => {
    const parsed = read.companyManagers.parse({
      data: {
        company_managers: [
          { company_id: crypto.randomUUID(), user_id: crypto.randomUUID(), user_name: "A", user_email: "a@x", role: "billing_manager" },
        ],
      },
    });
    expect(parsed.data.company_managers[0]!.role).toBe("billing_manager");
    expect(labelOf({ owner: "Owner" }, "billing_manager")).toBe("Billing manager");
    expect(labelOf({ owner: "Owner" }, "owner")).toBe("Owner");
    expect(fallbackLabel("employment.onboarding_task.completed")).toBe("Employment onboarding task completed");
  });

  it("reads payslip issued_at as a date or a date-time", () => {
    expect(readDate.parse("2026-01-31")).toBe("2026-01-31");
    expect(readDate.parse("2026-01-31T00:00:00Z")).toBe("2026-01-31");
    expect(readDate.safeParse("yesterday").success).toBe(false);
  });
});

describe("token answers", () => {
  const options = (body: unknown) => ({
    baseUrl: "http://api.test",
    client: { clientId: "c", clientSecret: "s" },
    fetch: (async () => json(body)) as typeof fetch,
  });

  it("a 200 without access_token is a clear sign-in error", async () => {
    const error = await requestClientCredentialsToken(options({ token_type: "Bearer", expires_in: 3600 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenEndpointError);
    expect((error as TokenEndpointError).error).toBe(NO_ACCESS_TOKEN);
    expect((error as TokenEndpointError).message).toMatch(/without an access token/);
  });

  it("absent token_type is Bearer; absent expires_in comes from the JWT's exp, else a short default", async () => {
    const exp = Math.floor(Date.now() / 1000) + 1800;
    const jwt = `h.${Buffer.from(JSON.stringify({ exp })).toString("base64url")}.s`;
    const fromJwt = await requestClientCredentialsToken(options({ access_token: jwt }));
    expect(fromJwt.token_type).toBe("Bearer");
    expect(fromJwt.expires_in).toBeGreaterThan(1790);
    expect(fromJwt.expires_in).toBeLessThanOrEqual(1800);
    expect((await requestClientCredentialsToken(options({ access_token: "opaque" }))).expires_in).toBe(300);
    await expect(requestClientCredentialsToken(options({ access_token: "x", token_type: "MAC" }))).rejects.toThrow(
      /unsupported_token_type/,
    );
  });
});
