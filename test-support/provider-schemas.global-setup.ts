import { providerSchemas } from "./gateway/provider/schemas";

// vitest globalSetup: the provider's JSON Schemas (test-support/gateway/provider/schemas.ts) are
// generated once, before any test file, when node_modules/.cache holds none (a fresh clone). Generated
// lazily instead, their minutes of CPU on a slow machine fell inside the first file's afterAll
// (its conformance check) and ran past its hook timeout.
export default async function setup(): Promise<void> {
  const started = performance.now();
  const { definitions } = await providerSchemas();
  const ms = Math.round(performance.now() - started);
  if (ms > 1000)
    process.stdout.write(`provider schemas: ${Object.keys(definitions).length} types generated in ${ms} ms (cached from now on)\n`);
}
