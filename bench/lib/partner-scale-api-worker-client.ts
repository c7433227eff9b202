import { Worker } from "node:worker_threads";
import type { BenchApi, BenchApiOptions } from "./partner-scale-api";

// Starts the partner-scale API in a worker thread (./partner-scale-api-worker.ts through
// ./worker-boot.mjs). `stop` asks the worker to close its server and database, then terminates it
// (after 10 s at most).

export function startBenchApiWorker(options: BenchApiOptions, log: (message: string) => void): Promise<BenchApi> {
  const worker = new Worker(new URL("./worker-boot.mjs", import.meta.url), {
    workerData: { entry: new URL("./partner-scale-api-worker.ts", import.meta.url).href, options },
  });
  return new Promise<BenchApi>((resolve, reject) => {
    worker.on("error", reject);
    worker.on("exit", (code) => reject(new Error(`the API worker exited (${code}) before it was ready`)));
    worker.on("message", (m: { kind: string; message?: string } & Omit<BenchApi, "stop">) => {
      if (m.kind === "log") log(m.message!);
      else if (m.kind === "error") {
        void worker.terminate();
        reject(new Error(`the API worker failed: ${m.message}`));
      } else if (m.kind === "ready") {
        resolve({
          url: m.url,
          companies: m.companies,
          freshTargets: m.freshTargets,
          seedMs: m.seedMs,
          stop: () =>
            new Promise<void>((done) => {
              const timer = setTimeout(() => void worker.terminate().then(() => done()), 10_000);
              worker.on("message", (x: { kind: string }) => {
                if (x.kind !== "stopped") return;
                clearTimeout(timer);
                void worker.terminate().then(() => done());
              });
              worker.postMessage({ kind: "stop" });
            }),
        });
      }
    });
  });
}
