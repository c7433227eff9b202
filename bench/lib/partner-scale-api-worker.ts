import { parentPort, workerData } from "node:worker_threads";
import { startBenchApi, type BenchApiOptions } from "./partner-scale-api";

// The partner-scale bench's API in a worker thread (started by ./partner-scale-api-worker-client.ts):
// seeds and serves, posts {ready}, and stops on {stop}. Logs go to the parent as messages.

const port = parentPort!;
const log = (message: string) => port.postMessage({ kind: "log", message });

startBenchApi((workerData as { options: BenchApiOptions }).options, log).then(
  (api) => {
    port.postMessage({ kind: "ready", url: api.url, companies: api.companies, freshTargets: api.freshTargets, seedMs: api.seedMs });
    port.on("message", (m: { kind: string }) => {
      if (m.kind === "stop") void api.stop().finally(() => port.postMessage({ kind: "stopped" }));
    });
  },
  (error: unknown) => port.postMessage({ kind: "error", message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
);
