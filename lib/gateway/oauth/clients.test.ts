import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { sha256 } from "../crypto";
import type { Db } from "../db/client";
import { oauthClients } from "../db/schema";
import { createTestGateway } from "@/test-support/gateway/harness";
import { authenticateClient, registerClient } from "./clients";

describe("registerClient / authenticateClient", () => {
  let db: Db;
  beforeEach(async () => {
    db = (await createTestGateway()).deps.db;
  });
  const input = {
    id: "console",
    secret: "first-secret-0123456789",
    name: "Roster console",
    redirectUris: ["http://127.0.0.1:3000/api/auth/callback/employment-api"],
    scopes: ["employment:read", "company:read"],
  };

  it("stores only the SHA-256 of the secret", async () => {
    await registerClient(db, input);
    const [row] = await db.select().from(oauthClients).where(eq(oauthClients.id, "console"));
    expect(row!.secretHash).toBe(sha256(input.secret));
    expect(JSON.stringify(row)).not.toContain(input.secret);
  });

  it("is idempotent, and a changed secret, redirect list or scope list updates the row", async () => {
    await registerClient(db, input);
    await registerClient(db, input);
    expect(await db.select().from(oauthClients)).toHaveLength(1);

    const updated = await registerClient(db, {
      ...input,
      secret: "second-secret-0123456789",
      redirectUris: ["https://console.example/cb"],
      scopes: ["company:read"],
    });
    expect(updated).toEqual({ id: "console", name: input.name, redirectUris: ["https://console.example/cb"], scopes: ["company:read"] });
    expect(await authenticateClient(db, "console", input.secret)).toBeNull();
    expect(await authenticateClient(db, "console", "second-secret-0123456789")).toMatchObject({
      id: "console",
      redirectUris: ["https://console.example/cb"],
    });
  });

  it("authenticates only the right id and secret", async () => {
    await registerClient(db, input);
    expect(await authenticateClient(db, "console", input.secret)).toMatchObject({ id: "console", name: "Roster console" });
    expect(await authenticateClient(db, "console", `${input.secret}x`)).toBeNull();
    expect(await authenticateClient(db, "console", "")).toBeNull();
    expect(await authenticateClient(db, "other", input.secret)).toBeNull();
  });

  it("refuses invalid registrations", async () => {
    await expect(registerClient(db, { ...input, redirectUris: ["/relative"] })).rejects.toThrow(/absolute/);
    await expect(registerClient(db, { ...input, redirectUris: ["https://x.example/cb#frag"] })).rejects.toThrow(/fragment/);
    await expect(registerClient(db, { ...input, redirectUris: ["javascript:alert(1)"] })).rejects.toThrow(/http/);
    await expect(registerClient(db, { ...input, redirectUris: [] })).rejects.toThrow(/redirect/);
    await expect(registerClient(db, { ...input, scopes: ["root"] })).rejects.toThrow(/Unknown scopes/);
    await expect(registerClient(db, { ...input, id: "a:b" })).rejects.toThrow(/Client id/);
    await expect(registerClient(db, { ...input, secret: "short" })).rejects.toThrow(/too short/);
  });
});
