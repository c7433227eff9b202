// Entry of the bench's worker threads: registers tsx (TypeScript, the project's path aliases) in the
// worker, then loads the TypeScript module named by workerData.entry.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
