import { spawn } from "node:child_process";
import { createServer, type AddressInfo, type Server } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import {
  DEFAULT_PORTS,
  E2E_PORTS_CHECKED,
  e2ePortEnv,
  firstTakenPort,
  freePorts,
  listenError,
  PORT_TAKEN_EXIT_CODE,
  portTakenLine,
  resolveE2EPorts,
} from "./ports.mjs";

// The ports of the servers the tests start (issue 15): the e2e suite takes free ports of its own, never
// npm start's, and a port it needs that is taken stops the run at once with one line.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const held: Server[] = [];

/** A port something listens on, like a running `npm start` (on 127.0.0.1 or on every address). */
async function holdPort(host = "127.0.0.1"): Promise<number> {
  const server = createServer();
  held.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

afterEach(async () => {
  await Promise.all(held.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Runs a node script with the environment given (on top of this one, E2E_* ports removed). */
function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const base = { ...process.env };
  for (const key of ["E2E_PORT", "E2E_GATEWAY_SANDBOX_PORT", "E2E_GATEWAY_PRODUCTION_PORT", E2E_PORTS_CHECKED]) delete base[key];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...base, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("port checks", () => {
  it("a port something listens on is taken, on 127.0.0.1 or on every address; a free one is not", async () => {
    expect(await listenError(await holdPort("127.0.0.1"))).toBe("EADDRINUSE");
    expect(await listenError(await holdPort("0.0.0.0"))).toBe("EADDRINUSE");
    const [free] = await freePorts(1);
    expect(await listenError(free!)).toBeNull();
  });

  it("free ports are distinct, free, and never npm start's", async () => {
    const ports = await freePorts(3);
    expect(new Set(ports).size).toBe(3);
    for (const port of ports) {
      expect(Object.values(DEFAULT_PORTS)).not.toContain(port);
      expect(await listenError(port)).toBeNull();
    }
  });

  it("names the first taken port, what needs it and what to do, in one line", async () => {
    const port = await holdPort();
    const free = (await freePorts(1))[0]!;
    const line = await firstTakenPort(
      [
        { port: free, what: "a free one" },
        { port, what: "the e2e console", variable: "E2E_PORT" },
      ],
      "stop what listens there",
    );
    expect(line).toBe(`Port ${port} (the e2e console, E2E_PORT) is already in use on 127.0.0.1: stop what listens there.`);
    expect(await firstTakenPort([{ port: free, what: "a free one" }], "stop it")).toBeNull();
    expect(portTakenLine({ port: 80, what: "x" }, "EACCES", "pick another")).toBe(
      "Port 80 (x) cannot be listened on (EACCES) on 127.0.0.1: pick another.",
    );
  });
});

describe("the e2e suite's ports", () => {
  it("are free ports of its own when none is given", async () => {
    const result = await resolveE2EPorts({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const ports = Object.values(result.ports);
    expect(new Set(ports).size).toBe(3);
    for (const port of ports) expect(Object.values(DEFAULT_PORTS)).not.toContain(port);
    expect(e2ePortEnv(result.ports)).toEqual({
      E2E_PORT: String(result.ports.console),
      E2E_GATEWAY_SANDBOX_PORT: String(result.ports.sandbox),
      E2E_GATEWAY_PRODUCTION_PORT: String(result.ports.production),
      E2E_PORTS_CHECKED: "1",
    });
  });

  it("keep the ports given when they are free, and pick the others", async () => {
    const [given] = await freePorts(1);
    const result = await resolveE2EPorts({ E2E_GATEWAY_SANDBOX_PORT: String(given) });
    expect(result).toMatchObject({ ok: true, ports: { sandbox: given } });
    if (result.ok) expect(new Set(Object.values(result.ports)).size).toBe(3);
  });

  it("stop with one line naming a given port that is taken", async () => {
    const port = await holdPort();
    expect(await resolveE2EPorts({ E2E_PORT: String(port) })).toEqual({
      ok: false,
      line: `Port ${port} (the e2e console, E2E_PORT) is already in use on 127.0.0.1: stop what listens there, or unset the variable so the tests pick a free port.`,
    });
  });

  it("refuse a port variable that is not a port, or two variables with one port", async () => {
    expect(await resolveE2EPorts({ E2E_PORT: "abc" })).toEqual({
      ok: false,
      line: 'E2E_PORT must be a port number from 1 to 65535 (got "abc"): fix it, or unset it so the tests pick a free port.',
    });
    expect(await resolveE2EPorts({ E2E_GATEWAY_PRODUCTION_PORT: "70000" })).toMatchObject({ ok: false });
    const [port] = await freePorts(1);
    expect(await resolveE2EPorts({ E2E_PORT: String(port), E2E_GATEWAY_SANDBOX_PORT: String(port) })).toEqual({
      ok: false,
      line: `E2E_GATEWAY_SANDBOX_PORT and E2E_PORT are both ${port}: give each its own port, or unset them so the tests pick free ports.`,
    });
  });
});

describe("a taken port stops the end-to-end run before anything starts", () => {
  it("npm run test:e2e: one line on stderr, nothing else, exit code 3", async () => {
    const port = await holdPort();
    const result = await run([path.join("scripts", "test-e2e.mjs")], { E2E_PORT: String(port) });
    expect(result.code).toBe(PORT_TAKEN_EXIT_CODE);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      `Port ${port} (the e2e console, E2E_PORT) is already in use on 127.0.0.1: stop what listens there, or unset the variable so the tests pick a free port.\n`,
    );
  });

  it("Playwright run on its own (npx playwright test): the same line from its configuration, exit code 3", async () => {
    const port = await holdPort();
    const cli = path.join("node_modules", "@playwright", "test", "cli.js");
    const result = await run([cli, "test", "--list"], { E2E_GATEWAY_PRODUCTION_PORT: String(port) });
    expect(result.code).toBe(PORT_TAKEN_EXIT_CODE);
    expect(result.stderr.trim().split("\n")).toEqual([
      `Port ${port} (the e2e production API, E2E_GATEWAY_PRODUCTION_PORT) is already in use on 127.0.0.1: stop what listens there, or unset the variable so the tests pick a free port.`,
    ]);
  });

  it("node scripts/ports.mjs e2e prints free ports of its own as JSON", async () => {
    const result = await run([path.join("scripts", "ports.mjs"), "e2e"], {});
    expect(result.code).toBe(0);
    const ports = JSON.parse(result.stdout) as Record<string, number>;
    expect(Object.keys(ports).sort()).toEqual(["console", "production", "sandbox"]);
    for (const port of Object.values(ports)) expect(Object.values(DEFAULT_PORTS)).not.toContain(port);
  });
});
