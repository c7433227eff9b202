import { expect, type Page } from "@playwright/test";
import { SECRETS } from "./env";

/** Every key of a JSON value, nested ones included. */
function keysOf(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keysOf(v, `${prefix}${i}.`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => [`${prefix}${k}`, ...keysOf(v, `${prefix}${k}.`)]);
  }
  return [];
}

/**
 * GET /api/auth/session from the page itself (as the console's own code does): the public session
 * only (who, which company, which environments), never a token, the session id or a secret.
 */
export async function expectSessionWithoutTokens(
  page: Page,
  expected: { kind?: "oauth" | "customer_token"; company: string; environment: "sandbox" | "production" },
) {
  const text = await page.evaluate(async () => {
    const res = await fetch("/api/auth/session", { credentials: "same-origin" });
    return res.text();
  });
  const session = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(session).sort()).toEqual(["company", "environment", "environments", "expires", "kind", "user"]);
  expect(session).toMatchObject({
    ...(expected.kind ? { kind: expected.kind } : {}),
    environment: expected.environment,
    environments: expect.arrayContaining([expected.environment]) as unknown,
    company: { name: expected.company },
  });
  expect(keysOf(session).filter((k) => /token|secret|sid|session_?id|password/i.test(k))).toEqual([]);
  for (const [name, secret] of Object.entries(SECRETS)) expect(text, `the session JSON holds no ${name}`).not.toContain(secret);
  expect(text).not.toMatch(/ra_(?:test|live)_[A-Za-z0-9_-]{8,}/);
}
