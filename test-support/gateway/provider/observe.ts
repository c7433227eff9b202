import { checkResponse, newTally, type ConformanceTally } from "./conformance";

// The test-time observer of every API response (installed by ./setup.ts, called from app.ts through
// lib/gateway/response-observer.ts). The tally lives on globalThis: vitest runs every file in one
// process (isolate: false), and lib/gateway/conformance.test.ts, sequenced last, reads it.

const g = globalThis as unknown as { __rosterConformance?: ConformanceTally; __rosterConformancePending?: Promise<void>[] };

export function conformanceTally(): ConformanceTally {
  return (g.__rosterConformance ??= newTally());
}

/** Never delays the response: the body of a JSON response is read from a clone, then checked. */
export function observe(method: string, path: string, res: Response): void {
  const contentType = res.headers.get("content-type") ?? "";
  const read = res.body && /json/i.test(contentType) ? res.clone().text() : Promise.resolve("");
  const pending = read.then((body) => checkResponse(conformanceTally(), { method, path, status: res.status, contentType, body }));
  (g.__rosterConformancePending ??= []).push(pending);
}

export async function settled(): Promise<void> {
  await Promise.all(g.__rosterConformancePending ?? []);
}
