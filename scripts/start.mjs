// `npm start`: builds the console when needed, then serves it on 127.0.0.1:$PORT (default 3000).
// The embedded Employment API starts inside the same process (instrumentation.ts) and prints the
// demo sign-in.
import { spawn } from "node:child_process";
import { ensureBuild, nextBin, ROOT } from "./build-if-needed.mjs";

const port = process.env.PORT && process.env.PORT.trim() !== "" ? process.env.PORT : "3000";
if (!/^\d+$/.test(port) || Number(port) > 65535) {
  process.stderr.write(`Invalid configuration:\n  PORT: must be a port number (got "${port}")\n`);
  process.exit(1);
}

ensureBuild({ force: process.argv.includes("--build") });

const child = spawn(process.execPath, [nextBin(), "start", "-H", "127.0.0.1", "-p", port], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (!child.killed) child.kill(signal);
  });
}
child.on("exit", (code, signal) => {
  process.exit(code ?? (signal === "SIGINT" || signal === "SIGTERM" ? 0 : 1));
});
