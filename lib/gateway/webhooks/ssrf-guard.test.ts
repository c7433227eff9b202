import { describe, expect, it } from "vitest";
import type { LookupAddress } from "node:dns";
import { checkCallbackUrl, createGuardedLookup, forbiddenAddressReason, ForbiddenAddressError, type DnsResolver } from "./ssrf-guard";

// The SSRF corpus: URL forms that must never be registered (production mode) — every spelling of
// loopback, private, link-local, metadata and reserved addresses — and names whose DNS answers are
// forbidden, refused at connection time.

const FORBIDDEN_IN_PRODUCTION = [
  "https://127.0.0.1/",
  "https://127.0.0.2:8443/hook",
  "https://2130706433/", // decimal
  "https://017700000001/", // octal, one number
  "https://0177.0.0.1/", // octal
  "https://0x7f.0.0.1/", // hex
  "https://0x7f000001/", // hex, one number
  "https://127.1/", // short form
  "https://127.0.1/",
  "https://%31%32%37.0.0.1/", // percent-encoded
  "https://[::1]/",
  "https://[0:0:0:0:0:0:0:1]/",
  "https://[::ffff:127.0.0.1]/", // IPv4-mapped
  "https://[::ffff:7f00:1]/",
  "https://[0:0:0:0:0:ffff:127.0.0.1]/",
  "https://[::7f00:1]/", // IPv4-compatible (deprecated)
  "https://[64:ff9b::7f00:1]/", // NAT64 embedding 127.0.0.1
  "https://[2002:7f00:1::]/", // 6to4 embedding 127.0.0.1
  "https://169.254.169.254/latest/meta-data/", // cloud metadata
  "https://[::ffff:169.254.169.254]/",
  "https://0xa9fea9fe/", // 169.254.169.254 in hex
  "https://metadata.google.internal/computeMetadata/v1/",
  "https://METADATA.google.internal./",
  "https://metadata.goog/",
  "https://10.0.0.1/",
  "https://10.255.255.255/",
  "https://012.0.0.1/", // 10.0.0.1 in octal
  "https://172.16.0.1/",
  "https://172.31.255.254/",
  "https://192.168.0.1/",
  "https://192.168.255.255/",
  "https://[::ffff:192.168.1.1]/",
  "https://100.64.0.1/", // carrier-grade NAT
  "https://100.127.255.254/",
  "https://0.0.0.0/",
  "https://0/",
  "https://[::]/",
  "https://[fc00::1]/", // unique local
  "https://[fd12:3456:789a::1]/",
  "https://[fe80::1]/", // link-local
  "https://[febf:ffff::1]/",
  "https://[ff02::1]/", // multicast
  "https://224.0.0.1/",
  "https://255.255.255.255/",
  "https://192.0.2.10/", // documentation
  "https://198.18.0.1/", // benchmarking
  "https://240.0.0.1/", // reserved
  "https://evil@127.0.0.1/", // userinfo tricks
  "https://evil.com@127.0.0.1/",
  "https://127.0.0.1:443@evil.com/", // credentials (the host is evil.com, still refused: no userinfo)
  "https://user:pass@example.com/",
  "https://127.0.0.1\\@evil.com/",
  "https://localhost/",
  "https://LOCALHOST./",
  "https://api.localhost/",
  "http://example.com/", // plain http
  "ftp://example.com/",
  "file:///etc/passwd",
  "javascript:alert(1)",
  "gopher://127.0.0.1:6379/_INFO",
  "not a url",
  "https://exa mple.com/",
];

const ALLOWED_IN_PRODUCTION = [
  "https://example.com/hook",
  "https://hooks.example.co.uk:8443/path?x=1",
  "https://8.8.8.8/x",
  "https://[2606:4700:4700::1111]/x",
  "https://xn--bcher-kva.example/",
  "https://172.32.0.1/", // just outside 172.16/12
  "https://100.128.0.1/", // just outside 100.64/10
];

describe("callback URL registration (SSRF corpus)", () => {
  it(`has a corpus of at least 30 forbidden forms (${FORBIDDEN_IN_PRODUCTION.length})`, () => {
    expect(FORBIDDEN_IN_PRODUCTION.length).toBeGreaterThanOrEqual(30);
  });

  it.each(FORBIDDEN_IN_PRODUCTION)("production refuses %s", (url) => {
    const result = checkCallbackUrl(url, { mode: "production" });
    expect(result.ok, JSON.stringify(result)).toBe(false);
  });

  it.each(ALLOWED_IN_PRODUCTION)("production allows %s", (url) => {
    expect(checkCallbackUrl(url, { mode: "production" })).toMatchObject({ ok: true });
  });

  it("local mode allows loopback over http and https, and nothing else private", () => {
    for (const url of [
      "http://127.0.0.1:3000/hook",
      "http://localhost:8080/",
      "http://[::1]:9000/x",
      "https://127.0.0.1/",
      "http://2130706433:81/",
    ]) {
      expect(checkCallbackUrl(url, { mode: "local" }), url).toMatchObject({ ok: true });
    }
    for (const url of [
      "http://example.com/",
      "http://10.0.0.1/",
      "https://10.0.0.1/",
      "https://192.168.1.10/",
      "https://169.254.169.254/",
      "https://metadata.google.internal/",
      "https://[fe80::1]/",
      "https://0.0.0.0/",
      "http://evil@127.0.0.1/",
    ]) {
      expect(checkCallbackUrl(url, { mode: "local" }).ok, url).toBe(false);
    }
  });

  it("explains the refusal", () => {
    expect(checkCallbackUrl("http://example.com/", { mode: "production" })).toEqual({ ok: false, reason: "must use https" });
    expect(checkCallbackUrl("https://10.1.2.3/", { mode: "production" })).toEqual({
      ok: false,
      reason: "must not point to a private or reserved address (10.1.2.3 is a private address)",
    });
    expect(checkCallbackUrl("https://a@b.example/", { mode: "production" })).toEqual({
      ok: false,
      reason: "must not contain credentials (user:password@)",
    });
  });

  it("address classification", () => {
    expect(forbiddenAddressReason("93.184.216.34", { mode: "production" })).toBeNull();
    expect(forbiddenAddressReason("::ffff:10.0.0.1", { mode: "production" })).toBe("is a private address");
    expect(forbiddenAddressReason("127.0.0.1", { mode: "local" })).toBeNull();
    expect(forbiddenAddressReason("127.0.0.1", { mode: "production" })).toBe("is a loopback address");
    expect(forbiddenAddressReason("fe80::1%eth0", { mode: "local" })).toBe("is a linkLocal address");
  });
});

describe("connection-time check (guarded lookup)", () => {
  const answers: Record<string, LookupAddress[]> = {
    "rebind.example": [{ address: "127.0.0.1", family: 4 }],
    "mixed.example": [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.5", family: 4 },
    ],
    "mapped.example": [{ address: "::ffff:169.254.169.254", family: 6 }],
    "ula.example": [{ address: "fd00::1", family: 6 }],
    "ok.example": [
      { address: "93.184.216.34", family: 4 },
      { address: "2606:2800:220:1:248:1893:25c8:1946", family: 6 },
    ],
    localhost: [{ address: "127.0.0.1", family: 4 }],
  };
  const resolver: DnsResolver = async (host) => {
    const a = answers[host];
    if (!a) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return a;
  };
  const lookup = (mode: "local" | "production", host: string, all = true) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      createGuardedLookup({ mode, resolver })(host, { all }, (err, address) => resolve({ err, address })),
    );

  it.each(["mixed.example", "mapped.example", "ula.example"])("refuses %s in both modes", async (host) => {
    for (const mode of ["production", "local"] as const) {
      const { err } = await lookup(mode, host);
      expect(err).toBeInstanceOf(ForbiddenAddressError);
    }
  });

  it("a name resolving to 127.0.0.1 is refused in production, allowed in local mode", async () => {
    expect((await lookup("production", "localhost")).err).toBeInstanceOf(ForbiddenAddressError);
    expect((await lookup("production", "rebind.example")).err?.message).toMatch(/resolves to 127\.0\.0\.1/);
    expect((await lookup("local", "localhost")).err).toBeNull();
  });

  it("passes public answers through, in both callback shapes", async () => {
    expect(await lookup("production", "ok.example")).toEqual({ err: null, address: answers["ok.example"] });
    expect(await lookup("production", "ok.example", false)).toEqual({ err: null, address: "93.184.216.34" });
    expect((await lookup("production", "nowhere.example")).err?.code).toBe("ENOTFOUND");
  });
});
