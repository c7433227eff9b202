import { afterAll, beforeAll } from "vitest";
import { setResponseObserver } from "@/lib/gateway/response-observer";
import { conformanceTally, observe, settled } from "./observe";

// vitest setupFiles: every response the API gives in any test is checked against the provider's
// contract, and each test file fails on the violations of its own responses (its afterAll), so the
// check depends on no other file and no order (lib/gateway/conformance.test.ts).
setResponseObserver(observe);

const counts = () => new Map([...conformanceTally().violations].map(([k, v]) => [k, v.count]));
let before = new Map<string, number>();

beforeAll(async () => {
  await settled(); // a previous file's responses are that file's
  before = counts();
});

// A file of many large answers (contract amendments' forms) can take over the default hook minute to
// check on a loaded machine: the checks finish after the file's tests, on the same thread.
afterAll(async () => {
  await settled();
  const fresh = [...conformanceTally().violations].filter(([k, v]) => v.count > (before.get(k) ?? 0)).map(([, v]) => v);
  if (fresh.length === 0) return;
  const lines = fresh.map((v) => `  ${v.method} ${v.path} ${v.status} ${v.pointer || "(body)"}: ${v.message} (${v.operation})`);
  throw new Error(`API responses of this file do not match the provider's declared shapes:\n${lines.join("\n")}`);
}, 180_000);
