import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import { RosterSequencer } from "./vitest.sequencer";

// One worker process, modules shared across files (isolate: false), so the PGlite
// instances of lib/gateway/testing are started once per run instead of once per file.
export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      "server-only": fileURLToPath(new URL("./lib/testing/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    include: ["lib/**/*.test.ts", "app/**/*.test.ts", "components/**/*.test.ts", "scripts/**/*.test.ts"],
    pool: "forks",
    isolate: false,
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ["default"],
    setupFiles: ["lib/gateway/testing/provider/setup.ts"],
    sequence: { sequencer: RosterSequencer },
  },
});
