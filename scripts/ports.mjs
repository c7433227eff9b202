// Ports of the servers the tests start. The end-to-end suite never uses npm start's ports: it takes
// free ports chosen by the operating system (or the E2E_*PORT values given), checks them before
// anything starts, and stops with one line naming a port that is taken.
// Used by scripts/test-e2e.mjs, playwright.config.ts (through `node scripts/ports.mjs e2e`),
// scripts/test-beside-start.mjs and the bench (docs/decisions/runtime-test-ports.md).
import net from "node:net";
import { fileURLToPath } from "node:url";

/** The ports `npm start` and `npm run gateway` listen on by default (lib/env.ts). */
export const DEFAULT_PORTS = Object.freeze({ console: 3000, sandbox: 4010, production: 4011 });

/** Where every server of this project listens. */
export const HOST = "127.0.0.1";

/** The variables that fix the e2e suite's ports (unset: free ports) and what listens on each. */
export const E2E_PORT_VARIABLES = Object.freeze({
  console: { variable: "E2E_PORT", what: "the e2e console" },
  sandbox: { variable: "E2E_GATEWAY_SANDBOX_PORT", what: "the e2e sandbox API" },
  production: { variable: "E2E_GATEWAY_PRODUCTION_PORT", what: "the e2e production API" },
});

/** Set once the e2e ports are chosen and checked, so Playwright's workers reuse them as they are. */
export const E2E_PORTS_CHECKED = "E2E_PORTS_CHECKED";

/** Exit code of a run stopped because a port it needs is taken (or a port variable is invalid). */
export const PORT_TAKEN_EXIT_CODE = 3;

/**
 * Whether a server could listen on host:port right now: null when it could, else the error code
 * (EADDRINUSE when something listens there, EACCES for a privileged port…). It listens the way the
 * console and the API do, so a server bound to 0.0.0.0 or to 127.0.0.1 both count as taken.
 * @param {number} port
 * @param {string} [host]
 * @returns {Promise<string | null>}
 */
export function listenError(port, host = HOST) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once("error", (error) => resolve(error.code ?? String(error)));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(null)));
  });
}

/**
 * `count` distinct ports free on host, chosen by the operating system: all are held open together,
 * then released, so they differ from each other (and from every port something listens on).
 * @param {number} count
 * @param {string} [host]
 * @returns {Promise<number[]>}
 */
export async function freePorts(count, host = HOST) {
  /** @type {net.Server[]} */
  const servers = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = net.createServer();
      server.unref();
      servers.push(server);
      await new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen({ port: 0, host, exclusive: true }, () => resolve(undefined));
      });
    }
    return servers.map((s) => s.address().port);
  } finally {
    await Promise.all(servers.map((s) => new Promise((resolve) => (s.listening ? s.close(() => resolve(undefined)) : resolve(undefined)))));
  }
}

/**
 * The one line that stops a run when a port it needs is taken: the port, what wanted it, why, and what to do.
 * @param {{port: number, what: string, variable?: string}} need
 * @param {string} code listenError's answer
 * @param {string} advice what to do, e.g. "stop what listens there"
 */
export function portTakenLine(need, code, advice) {
  const by = need.variable ? ` (${need.what}, ${need.variable})` : ` (${need.what})`;
  const why = code === "EADDRINUSE" ? "is already in use" : `cannot be listened on (${code})`;
  return `Port ${need.port}${by} ${why} on ${HOST}: ${advice}.`;
}

/**
 * The line for the first needed port that cannot be listened on, or null when every one is free.
 * @param {{port: number, what: string, variable?: string}[]} needs
 * @param {string} advice
 * @returns {Promise<string | null>}
 */
export async function firstTakenPort(needs, advice) {
  for (const need of needs) {
    const code = await listenError(need.port);
    if (code) return portTakenLine(need, code, advice);
  }
  return null;
}

/**
 * The e2e suite's ports: E2E_PORT, E2E_GATEWAY_SANDBOX_PORT and E2E_GATEWAY_PRODUCTION_PORT when set
 * (checked: each must be free), free ports chosen by the OS for the others.
 * @param {Record<string, string | undefined>} env
 * @returns {Promise<{ok: true, ports: {console: number, sandbox: number, production: number}} | {ok: false, line: string}>}
 */
export async function resolveE2EPorts(env) {
  /** @type {Record<string, number>} */
  const given = {};
  for (const [name, { variable }] of Object.entries(E2E_PORT_VARIABLES)) {
    const raw = env[variable]?.trim();
    if (!raw) continue;
    if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 65535) {
      return {
        ok: false,
        line: `${variable} must be a port number from 1 to 65535 (got "${raw}"): fix it, or unset it so the tests pick a free port.`,
      };
    }
    const port = Number(raw);
    const twin = Object.entries(given).find(([, p]) => p === port);
    if (twin) {
      const other = E2E_PORT_VARIABLES[twin[0]].variable;
      return {
        ok: false,
        line: `${variable} and ${other} are both ${port}: give each its own port, or unset them so the tests pick free ports.`,
      };
    }
    given[name] = port;
  }

  const taken = await firstTakenPort(
    Object.entries(given).map(([name, port]) => ({ port, ...E2E_PORT_VARIABLES[name] })),
    "stop what listens there, or unset the variable so the tests pick a free port",
  );
  if (taken) return { ok: false, line: taken };

  const missing = Object.keys(E2E_PORT_VARIABLES).filter((name) => !(name in given));
  const picked = await freePorts(missing.length + Object.keys(given).length);
  // A picked port never equals a given one (those are free, not held): drop any that does.
  const free = picked.filter((p) => !Object.values(given).includes(p));
  const ports = { ...given };
  for (const name of missing) ports[name] = free.shift();
  return { ok: true, ports };
}

/**
 * The variables that hand the chosen ports to Playwright (its runner and workers read them).
 * @param {{console: number, sandbox: number, production: number}} ports
 */
export function e2ePortEnv(ports) {
  return {
    [E2E_PORT_VARIABLES.console.variable]: String(ports.console),
    [E2E_PORT_VARIABLES.sandbox.variable]: String(ports.sandbox),
    [E2E_PORT_VARIABLES.production.variable]: String(ports.production),
    [E2E_PORTS_CHECKED]: "1",
  };
}

// `node scripts/ports.mjs e2e`: prints the e2e ports as JSON (playwright.config.ts, when Playwright
// runs without scripts/test-e2e.mjs), or the one line on stderr and exits with PORT_TAKEN_EXIT_CODE.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] !== "e2e") {
    process.stderr.write("usage: node scripts/ports.mjs e2e\n");
    process.exit(64);
  }
  const result = await resolveE2EPorts(process.env);
  if (!result.ok) {
    process.stderr.write(`${result.line}\n`);
    process.exit(PORT_TAKEN_EXIT_CODE);
  }
  process.stdout.write(`${JSON.stringify(result.ports)}\n`);
}
