import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

// The API as its own process (`npm run gateway`: lib/gateway/main.ts under tsx), for the parts of
// the probe that kill it (SIGKILL) or stop it (SIGTERM). Ports are chosen by the OS; the start
// banner says which.

export interface ApiProcess {
  child: ChildProcess;
  sandbox: string;
  production: string;
  /** Resolves with the exit code (or signal) once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

const ROOT = process.cwd();
// tsx as a loader in this very process (not its CLI, which runs the script in a child of its own
// and would stand between the signals sent here and the API).
const TSX_LOADER = path.join(ROOT, "node_modules", "tsx", "dist", "loader.mjs");

export function startApiProcess(env: Record<string, string>, timeoutMs = 120_000): Promise<ApiProcess> {
  const child = spawn(process.execPath, ["--import", TSX_LOADER, "--conditions=react-server", path.join(ROOT, "lib/gateway/main.ts")], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return new Promise<ApiProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the API process did not start within ${timeoutMs} ms:\n${out.slice(-4000)}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const sandbox = /│ sandbox\s+(http:\/\/[^\s]+)/.exec(out)?.[1];
      const production = /│ production\s+(http:\/\/[^\s]+)/.exec(out)?.[1];
      if (sandbox && production) {
        clearTimeout(timer);
        child.stdout!.off("data", onData);
        child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
        resolve({ child, sandbox, production, exited, output: () => out });
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the API process exited (${code ?? signal}) before it listened:\n${out.slice(-4000)}`));
    });
  });
}
