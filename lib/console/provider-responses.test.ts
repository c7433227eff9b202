import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiClient } from "@/lib/console/server/api-client";
import { ApiRequestError } from "@/lib/console/api-errors";
import {
  fetchIdentity,
  NO_ACCESS_TOKEN,
  refreshAccessToken,
  requestClientCredentialsToken,
  TokenEndpointError,
} from "@/lib/console/server/auth/token-endpoint";
import { matchOperation, providerOperations } from "@/test-support/gateway/provider/operations";
import { startFakeProvider, type FakeProvider } from "@/test-support/console/provider-responses/fake-provider";
import { VARIANT_MODES, variantName, type Variant } from "@/test-support/console/provider-responses/generate";
import { handledStates, PAGE_LOADS, setCurrentPage, type PageLoad } from "@/test-support/console/provider-responses/page-loads";

// The console against the real provider (issue 9, item 4): a fake provider answers every call with
// bodies generated from the provider's types.gen.ts (optional fields absent, nullable ones null, every
// enum value and union branch in turn), and every console page's loaders (and the BFF GET handlers'
// calls, and the sign-in calls) parse them with the console's contract without an error. Each failure
// is listed as `page → operation: issue (variants)`. Where the provider validly sends no data (a show
// without its object, a token answer without access_token, a Roster-only route it does not have),
// the page's handled state is asserted instead: see HandledState in page-loads.ts; each is checked
// against what the fake provider sent.

interface Failure {
  page: string;
  operation: string;
  issue: string;
  variants: Set<string>;
}

let provider: FakeProvider;
beforeAll(async () => {
  provider = await startFakeProvider();
});
afterAll(async () => {
  await provider?.close();
});

/** `Unexpected response from GET v1/timeoff: data.timeoffs.0.x expected …` → operation and issue. */
function describeError(error: unknown): { operation: string; issue: string } {
  if (error instanceof ApiRequestError) {
    const parse = /^Unexpected response from (\w+) (\S+): (.*)$/s.exec(error.message);
    if (parse) {
      const [, method, path, issue] = parse;
      const op = matchOperation(method!, `/${path!.replace(/^\//, "").split("?")[0]}`);
      return { operation: op ? `${op.name} (${method} ${op.url})` : `${method} /${path}`, issue: `response does not parse: ${issue}` };
    }
    return { operation: "?", issue: `${error.status} ${error.message.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "{id}")}` };
  }
  return { operation: "?", issue: `${(error as Error).name}: ${(error as Error).message}` };
}

function record(
  failures: Map<string, Failure>,
  page: string,
  variant: Variant,
  error: unknown,
  lastCall?: { method: string; path: string; operation: string | null },
) {
  const described = describeError(error);
  let operation = described.operation;
  if (operation === "?" && lastCall)
    operation = lastCall.operation
      ? lastCall.operation
      : `${lastCall.method} ${lastCall.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "{id}")} (the provider has no such operation)`;
  // `data.expenses.0.amount` and `data.expenses.2.amount` are one defect.
  const issue = described.issue.replace(/\.\d+(?=\.|\s)/g, ".*");
  const key = `${page}|${operation}|${issue}`;
  const seen = failures.get(key);
  if (seen) seen.variants.add(variantName(variant));
  else failures.set(key, { page, operation, issue, variants: new Set([variantName(variant)]) });
}

/** "minimal: every offset; full: 3 of 112 offsets (#1, #5, #9…)". */
function variantSummary(seen: Set<string>, k: number): string {
  return VARIANT_MODES.map((mode) => {
    const offsets = [...seen].filter((v) => v.startsWith(`${mode}#`)).map((v) => v.slice(mode.length + 1));
    if (offsets.length === 0) return null;
    if (offsets.length === k) return `${mode}: every offset`;
    return `${mode}: ${offsets.length} of ${k} offsets (#${offsets.slice(0, 3).join(", #")}${offsets.length > 3 ? "…" : ""})`;
  })
    .filter(Boolean)
    .join("; ");
}

function byOperation(failures: Map<string, Failure>): string[] {
  const ops = new Map<string, { pages: Set<string>; variants: Set<string> }>();
  for (const f of failures.values()) {
    const key = `${f.operation}: ${f.issue}`;
    const entry = ops.get(key) ?? { pages: new Set(), variants: new Set() };
    entry.pages.add(f.page);
    f.variants.forEach((v) => entry.variants.add(v.split("#")[0]!));
    ops.set(key, entry);
  }
  return [...ops.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, e]) => `  ${key} [${[...e.variants].join(", ")}; ${e.pages.size} page${e.pages.size > 1 ? "s" : ""}]`);
}

describe("the console against generated provider responses", () => {
  it("every page parses every variant of every response it loads", { timeout: 300_000 }, async () => {
    const api = createApiClient({ baseUrl: provider.url, environment: "sandbox", getToken: async () => "ra_test_fake_provider_token" });
    const ctx = { api, companyId: "3c0b6e1e-0000-4000-8000-000000000001", id: "5d6a1f2e-0000-4000-8000-000000000002" };
    const client = { clientId: "console", clientSecret: "console-secret-0123456789" };
    // A token answer without access_token (BaseTokenResponse makes it optional) is a clear sign-in
    // error, and only when the answer indeed has none.
    const tokenOperation = providerOperations().find((o) => o.name === "postAuthOauth2Token")!;
    const orSignInError = (page: string, load: () => Promise<unknown>) => async () => {
      try {
        return await load();
      } catch (error) {
        if (!(error instanceof TokenEndpointError) || error.error !== NO_ACCESS_TOKEN) throw error;
        const sent = provider.answer(tokenOperation, "/auth/oauth2/token").body as { access_token?: unknown } | undefined;
        if (sent?.access_token !== undefined) throw new Error(`sign-in error although the answer has an access_token: ${error.message}`);
        handledStates.push({ page, state: "sign-in error" });
        return null;
      }
    };
    const signIn: PageLoad[] = [
      {
        page: "sign-in (customer token)",
        load: () => fetchIdentity({ baseUrl: provider.url, environment: "sandbox", token: "ra_test_x" }),
      },
      {
        page: "partner token (client credentials)",
        load: orSignInError("partner token (client credentials)", () => requestClientCredentialsToken({ baseUrl: provider.url, client })),
      },
      {
        page: "token refresh",
        load: orSignInError("token refresh", () => refreshAccessToken({ baseUrl: provider.url, client }, "refresh-token")),
      },
    ];
    const loads = [...PAGE_LOADS, ...signIn];

    // Each page runs every mode at offsets 0..K-1, K being the longest enum or union in the responses
    // of the operations it called (grown as it calls more): every enum value and union branch of
    // what it loads shows at every place, without running the webhook pages' 112 event types
    // through every other page.
    const failures = new Map<string, Failure>();
    let rendered = 0;
    let pageVariants = 0;
    let k = 1;
    const pageK = new Map<string, number>();
    for (const l of loads) {
      const called = new Set<string>();
      for (const mode of VARIANT_MODES) {
        let length = 1;
        for (let offset = 0; offset < length; offset++) {
          const variant: Variant = { mode, offset };
          provider.variant = variant;
          const before = provider.calls.length;
          const handledBefore = handledStates.length;
          pageVariants++;
          setCurrentPage(l.page);
          try {
            await l.load(ctx);
            rendered++;
          } catch (error) {
            record(failures, l.page, variant, error, provider.calls[provider.calls.length - 1] ?? provider.calls[before]);
          }
          // A "not available" notice or a provider fallback stands only for a path the provider does not have.
          const unknownPath = provider.calls.slice(before).some((c) => c.operation === null && c.status === 404);
          for (const h of handledStates.slice(handledBefore)) {
            if ((h.state === "not available on this API" || h.state === "provider fallback") && !unknownPath)
              record(failures, l.page, variant, new Error(`${h.state} without a 404 from the API`));
          }
          for (const c of provider.calls.slice(before)) if (c.operation) called.add(c.operation);
          length = Math.max(length, provider.rotationLength(called));
        }
        k = Math.max(k, length);
        pageK.set(l.page, Math.max(pageK.get(l.page) ?? 1, length));
      }
    }
    const operations = new Set(provider.calls.map((c) => c.operation ?? `${c.method} ${c.path} (not a provider operation)`));
    const unknown = [
      ...new Set(provider.calls.filter((c) => c.operation === null).map((c) => `${c.method} ${c.path.replace(/[0-9a-f-]{36}/g, "{id}")}`)),
    ];
    const handled = new Map<string, Set<string>>();
    for (const h of handledStates) handled.set(h.state, (handled.get(h.state) ?? new Set()).add(h.page));
    const lines = [...failures.values()]
      .sort((a, b) => a.page.localeCompare(b.page) || a.operation.localeCompare(b.operation))
      .map((f) => `  ${f.page} → ${f.operation}: ${f.issue} [${variantSummary(f.variants, pageK.get(f.page) ?? k)}]`);
    console.log(
      [
        `${loads.length} pages × up to ${VARIANT_MODES.length * k} variants (${VARIANT_MODES.join("/")} × enum offsets): ${pageVariants} page loads, ${rendered} without error; ${provider.calls.length} calls to ${[...operations].filter((o) => !o.includes(" ")).length} provider operations and ${unknown.length} paths it does not have; ${failures.size} failures`,
        `Handled without data (the page's own state, asserted): ${
          [...handled.entries()]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([state, pages]) => `${state} ×${handledStates.filter((h) => h.state === state).length} (${[...pages].sort().join(", ")})`)
            .join("; ") || "none"
        }`,
        `Operations called: ${[...operations]
          .filter((o) => !o.includes(" "))
          .sort()
          .join(", ")}`,
        ...(unknown.length ? [`Calls the provider has no operation for: ${unknown.join("; ")}`] : []),
        ...lines,
        // The same defects once per operation: the work list of the contract (lib/contract).
        "By operation:",
        ...byOperation(failures),
      ].join("\n"),
    );
    expect(lines).toEqual([]);
  });
});
