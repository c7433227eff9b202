import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// Conformance: each file checks its own API responses (test-support/gateway/provider/setup.ts); the
// conformance file runs last only so that its run tally (and the opt-in strict allow-list check) sees them all.
class RosterSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (f: TestSpecification) => (f.moduleId.endsWith("lib/gateway/conformance.test.ts") ? 1 : 0);
    return [...sorted].sort((a, b) => last(a) - last(b));
  }
}

// One worker process, modules shared across files (isolate: false), so the PGlite
// instances of test-support/gateway/harness.ts are started once per run instead of once per file.
export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      "server-only": fileURLToPath(new URL("./test-support/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    include: [
      "lib/**/*.test.ts",
      "app/**/*.test.ts",
      "components/**/*.test.ts",
      "scripts/**/*.test.ts",
      "bench/**/*.test.ts",
      "test-support/**/*.test.ts",
    ],
    pool: "forks",
    isolate: false,
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ["default"],
    globalSetup: ["test-support/provider-schemas.global-setup.ts"],
    setupFiles: ["test-support/gateway/provider/setup.ts"],
    sequence: { sequencer: RosterSequencer },
  },
});
