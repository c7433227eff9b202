import { readFileSync } from "node:fs";
import path from "node:path";
import { PROVIDER_CLIENT_DIR } from "../operations";

// The success statuses the provider declares for an operation: the keys of `<Operation>Responses` in
// its types.gen.ts (e.g. `PostV1TimeoffResponses = { 201: TimeoffResponse }`). The provider is not
// uniform (some creates answer 200, others 201; `GET /v1/expenses` declares 201), so each operation
// is held to its own declaration.

let cached: Map<string, number[]> | undefined;

export function declaredSuccessStatuses(sdkName: string): number[] {
  if (!cached) {
    cached = new Map();
    const types = readFileSync(path.join(PROVIDER_CLIENT_DIR, "types.gen.ts"), "utf8");
    for (const m of types.matchAll(/^export type (\w+)Responses =\s*\{\n([\s\S]*?)\n\s*\};/gm)) {
      const codes = [...m[2]!.matchAll(/^\s+(\d{3}):/gm)].map((c) => Number(c[1]));
      cached.set(m[1]!, codes);
    }
  }
  return cached.get(sdkName[0]!.toUpperCase() + sdkName.slice(1)) ?? [];
}
