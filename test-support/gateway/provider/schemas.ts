import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PROVIDER_CLIENT_DIR } from "./operations";

// JSON Schemas of every type in the provider's `types.gen.ts`, generated with ts-json-schema-generator
// (a few seconds) and cached in node_modules/.cache by the file's hash.

export interface ProviderSchemas {
  definitions: Record<string, unknown>;
}

let cached: ProviderSchemas | undefined;

export async function providerSchemas(): Promise<ProviderSchemas> {
  if (cached) return cached;
  const typesFile = path.join(PROVIDER_CLIENT_DIR, "types.gen.ts");
  const hash = createHash("sha256").update(readFileSync(typesFile)).digest("hex").slice(0, 16);
  const cacheDir = path.resolve(process.cwd(), "node_modules/.cache/roster-provider-schemas");
  const cacheFile = path.join(cacheDir, `${hash}.json`);
  if (existsSync(cacheFile)) {
    cached = JSON.parse(readFileSync(cacheFile, "utf8")) as ProviderSchemas;
    return cached;
  }
  const { createGenerator } = await import("ts-json-schema-generator");
  const generator = createGenerator({ path: typesFile, type: "*", skipTypeCheck: true, expose: "export", topRef: true, jsDoc: "basic" });
  const schema = generator.createSchema("*") as { definitions?: Record<string, unknown> };
  cached = { definitions: schema.definitions ?? {} };
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cacheFile, JSON.stringify(cached));
  return cached;
}
