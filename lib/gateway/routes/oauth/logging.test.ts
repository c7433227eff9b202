import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "@/lib/logger";
import { issueCustomerToken } from "../../oauth/customer-tokens";
import { bearer, obtainCode, PASSWORD, REDIRECT_URI, setupOAuth, tokenRequest } from "@/test-support/gateway/oauth";

// Spec 5.10: tokens must be kept secret and never logged.

describe("logs", () => {
  it("never contain a token, secret, code, verifier or password", async () => {
    let captured = "";
    const destination = new Writable({
      write(chunk: Buffer, _enc, done) {
        captured += chunk.toString();
        done();
      },
    });
    const logger = createLogger({ level: "trace", destination });
    const setup = await setupOAuth({ logger });
    const secrets: string[] = [setup.client.secret, PASSWORD];

    // Failed sign-in, then the full flow, a replayed code, refresh, client credentials, revocation.
    const { code, verifier } = await obtainCode(setup);
    secrets.push(code, verifier);
    const exchanged = (await (
      await tokenRequest(setup.app, setup.client, {
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      })
    ).json()) as { access_token: string; refresh_token: string };
    secrets.push(exchanged.access_token, exchanged.refresh_token);
    await tokenRequest(setup.app, setup.client, {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    const again = await obtainCode(setup);
    secrets.push(again.code, again.verifier);
    const second = (await (
      await tokenRequest(setup.app, setup.client, {
        grant_type: "authorization_code",
        code: again.code,
        redirect_uri: REDIRECT_URI,
        code_verifier: again.verifier,
      })
    ).json()) as { access_token: string; refresh_token: string };
    secrets.push(second.access_token, second.refresh_token);
    const refreshed = (await (
      await tokenRequest(setup.app, setup.client, { grant_type: "refresh_token", refresh_token: second.refresh_token })
    ).json()) as {
      access_token: string;
    };
    secrets.push(refreshed.access_token);
    const cc = (await (await tokenRequest(setup.app, setup.client, { grant_type: "client_credentials" }, "post")).json()) as {
      access_token: string;
    };
    secrets.push(cc.access_token);
    await tokenRequest(setup.app, { id: setup.client.id, secret: "wrong-secret-value-123" }, { grant_type: "client_credentials" });
    secrets.push("wrong-secret-value-123");
    const customer = await issueCustomerToken(setup.db, {
      companyId: setup.tenant.company.id,
      userId: setup.tenant.admin.id,
      environment: "sandbox",
      name: "x",
    });
    secrets.push(customer);
    await setup.app.request("/v1/identity/current", { headers: bearer(customer) });
    await setup.app.request("/v1/identity/current", { headers: bearer(refreshed.access_token) });
    await setup.app.request(`/v1/identity/current?access_token=${cc.access_token}`, { headers: bearer(cc.access_token) });
    await tokenRequest(setup.app, setup.client, { token: second.refresh_token }, "basic", "/auth/oauth2/revoke");
    await setup.app.request("/auth/oauth2/authorize/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: setup.tenant.admin.email, password: "typo-password-xyz" }).toString(),
    });
    secrets.push("typo-password-xyz");

    expect(captured).toContain('"msg":"request"'); // the logger did write
    expect(captured).toContain("oauth.code_reused");
    for (const secret of secrets) expect(captured, `log contains ${secret.slice(0, 6)}…`).not.toContain(secret);
  });
});
