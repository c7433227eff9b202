import { describe, expect, it } from "vitest";
import { createLogger, silentLogger } from "./logger";

// The one logger of API and console: tokens, secrets, passwords and credentials never reach a log line.

function capture() {
  const lines: string[] = [];
  const logger = createLogger({ level: "trace", name: "test", destination: { write: (line: string) => void lines.push(line) } });
  return { lines, logger };
}

const SECRETS = ["ra_test_secret-access", "refresh-secret", "client-secret-value", "hunter2", "signing-secret", "auth-code", "verifier-x"];

describe("lib/logger", () => {
  it("redacts tokens and secrets at the top level and one level down", () => {
    const { lines, logger } = capture();
    logger.info(
      {
        access_token: SECRETS[0],
        refresh_token: SECRETS[1],
        client_secret: SECRETS[2],
        password: SECRETS[3],
        signing_key: SECRETS[4],
        token: SECRETS[0],
      },
      "top level",
    );
    logger.warn(
      {
        body: {
          access_token: SECRETS[0],
          refresh_token: SECRETS[1],
          client_secret: SECRETS[2],
          code: SECRETS[5],
          code_verifier: SECRETS[6],
        },
      },
      "nested",
    );
    logger.error({ req: { headers: { authorization: `Bearer ${SECRETS[0]}`, cookie: `s=${SECRETS[1]}` } } }, "request");
    logger.info(
      { headers: { authorization: `Basic ${SECRETS[2]}`, cookie: SECRETS[1] }, authorization: SECRETS[0], cookie: SECRETS[1] },
      "headers",
    );
    expect(lines).toHaveLength(4);
    const all = lines.join("\n");
    for (const secret of SECRETS) expect(all).not.toContain(secret);
    expect(all).toContain("[redacted]");
    const nested = JSON.parse(lines[1]!) as { body: Record<string, string>; name: string };
    expect(nested.body.code_verifier).toBe("[redacted]");
    expect(nested.name).toBe("test");
  });

  it("keeps what is not a secret", () => {
    const { lines, logger } = capture();
    logger.info({ event: "console.auth", companyId: "c1" }, "signed in");
    expect(JSON.parse(lines[0]!)).toMatchObject({ event: "console.auth", companyId: "c1", msg: "signed in", level: 30 });
  });

  it("silentLogger writes nothing and accepts every level", () => {
    expect(silentLogger.level).toBe("silent");
    expect(() => silentLogger.error({ token: SECRETS[0] }, "x")).not.toThrow();
  });
});
