import "server-only";
import v8 from "node:v8";
import vm from "node:vm";

// One full garbage collection once the server has started (docs/decisions/runtime-idle-memory.md).
// Opening a fresh PGlite directory runs initdb in a throw-away PGlite and initdb instance: their
// WebAssembly memories and data-directory copies (300–400 MB) are garbage as soon as the database is
// open, but an idle server allocates nothing, so V8 may never collect them: `npm start` then sat at
// about 1 GB instead of 600 MB, depending on whether a collection happened to run during start-up.

type Collect = () => void;

/** V8's collector: `globalThis.gc` under --expose-gc, else exposed to a fresh context for this call. */
function collector(): Collect {
  const exposed = (globalThis as { gc?: Collect }).gc;
  if (typeof exposed === "function") return exposed;
  v8.setFlagsFromString("--expose-gc");
  try {
    return vm.runInNewContext("gc") as Collect;
  } finally {
    v8.setFlagsFromString("--no-expose-gc");
  }
}

/** Runs one full collection; returns the resident set before and after, in MB. Never throws. */
export function collectStartupGarbage(): { beforeMb: number; afterMb: number } | null {
  try {
    const before = process.memoryUsage.rss();
    collector()();
    const mb = (n: number) => Math.round(n / 1048576);
    return { beforeMb: mb(before), afterMb: mb(process.memoryUsage.rss()) };
  } catch {
    return null;
  }
}
