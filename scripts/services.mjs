// Reachability checks of the local services the test suites use (PostgreSQL, Redis).
import net from "node:net";
import pg from "pg";

export const DEFAULT_TEST_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/roster_test";
export const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";

/** Resolves to null when PostgreSQL answers at the URL's server, else to the reason it does not. */
export async function checkPostgres(url = DEFAULT_TEST_DATABASE_URL) {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Resolves to true when a Redis server answers PING at the URL. */
export function checkRedis(url = DEFAULT_REDIS_URL, timeoutMs = 1500) {
  return new Promise((resolve) => {
    let u;
    try {
      u = new URL(url);
    } catch {
      return resolve(false);
    }
    if (u.protocol !== "redis:") return resolve(false);
    const socket = net.connect({ host: u.hostname.replace(/^\[|\]$/g, ""), port: Number(u.port || 6379) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.on("error", () => done(false));
    socket.on("connect", () => {
      const auth = u.password ? `AUTH ${u.username ? `${decodeURIComponent(u.username)} ` : ""}${decodeURIComponent(u.password)}\r\n` : "";
      socket.write(`${auth}PING\r\n`);
    });
    let buffer = "";
    socket.on("data", (chunk) => {
      buffer += chunk.toString();
      if (buffer.includes("+PONG")) done(true);
      else if (buffer.includes("-")) done(false);
    });
  });
}
