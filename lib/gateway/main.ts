import "server-only";
import { EnvError, getServerEnv } from "@/lib/env";
import { startGateway, type RunningGateway } from "./server";

// `npm run gateway`: the Employment API alone (both environments), for integrators' CI, benchmarks
// and scale-out. Stops cleanly on SIGINT/SIGTERM (servers first, then databases and Redis).

async function main(): Promise<void> {
  let gateway: RunningGateway;
  try {
    gateway = await startGateway({ env: getServerEnv() });
  } catch (error) {
    // Configuration and start errors name the variable to fix: their message is enough.
    const known = error instanceof EnvError || ["GatewayStartError", "FormsDirError"].includes((error as Error).name);
    process.stderr.write(`${known ? (error as Error).message : (error as Error).stack}\n`);
    process.exit(1);
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      process.stderr.write(`${signal} again: exiting now\n`);
      process.exit(1);
    }
    stopping = true;
    process.stdout.write(`${signal}: stopping the Employment API\n`);
    const force = setTimeout(() => {
      process.stderr.write("Shutdown took longer than 10 s: exiting\n");
      process.exit(1);
    }, 10_000);
    force.unref();
    gateway.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Shutdown failed: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

void main();
