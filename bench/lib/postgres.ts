import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

// The PostgreSQL a suite measures besides PGlite (issue 11: "the same bench with DATABASE_URL reports
// its ratios too"). DATABASE_URL when set; otherwise this machine's local server (the one the tests
// use, 127.0.0.1:5432) when it answers, so a plain `npm run bench` reports both databases.
// BENCH_POSTGRES=0 measures PGlite only. Each suite uses its own database beside the URL's
// (`<name>_bench_<suite>`), emptied first.

export interface BenchPostgres {
  url: string;
  /** Where the URL came from, for the suite's context. */
  source: "DATABASE_URL" | "local default (127.0.0.1:5432)";
}

/** scripts/services.mjs (plain JS without types, so imported by URL and typed here). */
interface Services {
  DEFAULT_TEST_DATABASE_URL: string;
  checkPostgres(url?: string): Promise<string | null>;
}
const servicesUrl = pathToFileURL(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "scripts", "services.mjs")).href;

export async function benchPostgres(): Promise<BenchPostgres | null> {
  if (process.env.BENCH_POSTGRES === "0") return null;
  const { DEFAULT_TEST_DATABASE_URL, checkPostgres } = (await import(servicesUrl)) as Services;
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, source: "DATABASE_URL" };
  const local = new URL(DEFAULT_TEST_DATABASE_URL);
  local.pathname = "/roster";
  return (await checkPostgres(local.toString())) === null ? { url: local.toString(), source: "local default (127.0.0.1:5432)" } : null;
}
