import "server-only";
import { getAuthDeps } from "./auth/deps";
import { getConsoleConfig } from "./config";
import { startReadModelIfEnabled } from "./readmodel/runtime";

// Console start-up (instrumentation.ts): opens the console database, seeds the configured operator,
// and prints the operator's sign-in, as the API's banner prints the demo sign-ins. A failure is
// reported and the server goes on: each request retries opening the database and says why it fails.

export function formatConsoleBanner(config: {
  consoleUrl: string;
  operator: { email: string; password: string; generated: boolean } | null;
}): string {
  const lines = ["", "┌─ Roster console ────────────────────────────────────────────────────", `│ ${config.consoleUrl}`];
  if (config.operator) {
    lines.push(
      "│ Partner operator sign-in (the partner view, every connected company):",
      `│   e-mail     ${config.operator.email}`,
      `│   password   ${config.operator.password}${config.operator.generated ? "  (generated at this start: set CONSOLE_OPERATOR_PASSWORD to keep it)" : ""}`,
    );
  }
  lines.push("└─────────────────────────────────────────────────────────────────────", "");
  return lines.join("\n");
}

export async function prepareConsole(print: (text: string) => void = (t) => process.stdout.write(`${t}\n`)): Promise<void> {
  try {
    await getAuthDeps();
    print(formatConsoleBanner(getConsoleConfig()));
    // The partner read model's jobs, when CONSOLE_READMODEL_SYNC=on (docs/decisions/console-sync-jobs.md).
    await startReadModelIfEnabled().catch((error: unknown) =>
      process.stderr.write(`The console's read model could not start: ${(error as Error).message}\n`),
    );
  } catch (error) {
    process.stderr.write(`The console could not prepare its database: ${(error as Error).message}\n`);
  }
}
