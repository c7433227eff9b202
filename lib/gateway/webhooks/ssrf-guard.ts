import "server-only";
import { lookup as dnsLookup } from "node:dns";
import type { LookupAddress, LookupOptions } from "node:dns";
import ipaddr from "ipaddr.js";

// Outbound safety for callback URLs: the API sends requests to addresses its users choose, so it
// must not become a way into the provider's own network (SSRF). Checked twice:
//   1. at registration, on the URL itself (scheme, credentials, host names, IP literals);
//   2. at connection time, on every address the host name resolves to (DNS rebinding, names such
//      as 127.0.0.1.nip.io), through the `lookup` hook of node:http(s), so the address checked is
//      the address connected to.
// The WHATWG URL parser already turns every IPv4 spelling (2130706433, 0x7f.1, 0177.0.0.1, 127.1)
// into dotted decimal, so the checks below see one canonical form.

export type GatewayMode = "local" | "production";

export interface GuardOptions {
  /** "local" allows loopback addresses (and http to them); "production" refuses them. */
  mode: GatewayMode;
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** Names that reach cloud metadata services or the machine itself, whatever they resolve to. */
const METADATA_NAMES = new Set([
  "metadata.google.internal",
  "metadata.goog",
  "metadata",
  "instance-data",
  "instance-data.ec2.internal",
  "metadata.azure.internal",
  "metadata.oraclecloud.com",
]);

const isLocalhostName = (host: string) => host === "localhost" || host.endsWith(".localhost") || host === "localhost.localdomain";

/** The host of a URL without IPv6 brackets and without a trailing dot, lower case. */
export function bareHost(url: URL): string {
  return url.hostname
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "")
    .toLowerCase();
}

/** A parsed IP address, IPv4-mapped IPv6 addresses turned into their IPv4 address. */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = address.replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  if (!ipaddr.isValid(bare)) return null;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) return (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed;
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/**
 * Why an IP address may not be connected to, or null when it may. Only public unicast addresses
 * pass (plus loopback in local mode): private, carrier-grade NAT, link-local (cloud metadata
 * 169.254.169.254 included), unspecified, multicast, broadcast, reserved and documentation ranges,
 * unique-local and every IPv6 form that embeds an IPv4 address (mapped, compatible, NAT64, 6to4, Teredo).
 */
export function forbiddenAddressReason(address: string, options: GuardOptions): string | null {
  const ip = parseAddress(address);
  if (!ip) return "is not an IP address";
  const range = ip.range();
  if (range === "loopback") return options.mode === "local" ? null : "is a loopback address";
  if (ip.kind() === "ipv4") return range === "unicast" ? null : `is a ${range} address`;
  const v6 = ip as ipaddr.IPv6;
  if (range !== "unicast") return `is a ${range} address`;
  if (!v6.match(GLOBAL_UNICAST_V6)) return "is not a global unicast IPv6 address";
  return null;
}

export function isLoopbackHost(host: string): boolean {
  const ip = parseAddress(host);
  return ip ? ip.range() === "loopback" : isLocalhostName(host.replace(/\.$/, "").toLowerCase());
}

/**
 * Registration check of a callback URL: https (http only to a loopback host in local mode), no
 * credentials, no fragment-only tricks, and a host that is neither a forbidden IP literal nor a
 * metadata or localhost name. Names that are fine here are checked again when connecting.
 */
export function checkCallbackUrl(raw: string, options: GuardOptions): UrlCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "must be an absolute URL" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { ok: false, reason: "must use https" };
  if (url.username || url.password) return { ok: false, reason: "must not contain credentials (user:password@)" };
  const host = bareHost(url);
  if (!host) return { ok: false, reason: "must name a host" };
  const loopback = isLoopbackHost(host);
  if (url.protocol === "http:" && !(options.mode === "local" && loopback)) {
    return {
      ok: false,
      reason: options.mode === "local" ? "must use https (http is allowed only for loopback addresses in local mode)" : "must use https",
    };
  }
  if (METADATA_NAMES.has(host)) return { ok: false, reason: "must not point to a cloud metadata service" };
  if (isLocalhostName(host)) return options.mode === "local" ? { ok: true, url } : { ok: false, reason: "must not point to localhost" };
  if (ipaddr.isValid(host)) {
    const why = forbiddenAddressReason(host, options);
    if (why) return { ok: false, reason: `must not point to a private or reserved address (${host} ${why})` };
    return { ok: true, url };
  }
  // A name: it must look like a DNS name (the URL parser accepts odd characters in non-special hosts).
  if (!/^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/.test(host) || host.length > 253) {
    return { ok: false, reason: "must have a valid host name" };
  }
  // Numeric-looking labels the URL parser left alone are not names anyone can register.
  if (/^[0-9.]+$/.test(host)) return { ok: false, reason: "must have a valid host name" };
  return { ok: true, url };
}

/** Resolves a host name to its addresses (injectable: tests answer without DNS). */
export type DnsResolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: DnsResolver = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/** How long a registration waits for DNS before refusing the URL. */
export const REGISTRATION_DNS_TIMEOUT_MS = 5_000;

/**
 * Registration check of a host name's addresses (production mode): every A/AAAA record must be
 * allowed; a name that does not resolve is refused too (there is nothing to check, and nothing to
 * deliver to). IP literals were checked by checkCallbackUrl and pass unresolved.
 */
export async function checkResolvedHost(
  url: URL,
  options: GuardOptions & { resolver?: DnsResolver; timeoutMs?: number },
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const host = bareHost(url);
  if (ipaddr.isValid(host)) return { ok: true };
  const resolver = options.resolver ?? systemResolver;
  let timer: NodeJS.Timeout | undefined;
  let addresses: LookupAddress[];
  try {
    addresses = await Promise.race([
      resolver(host),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(Object.assign(new Error("DNS lookup timed out"), { code: "ETIMEOUT" })),
          options.timeoutMs ?? REGISTRATION_DNS_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "lookup failed";
    return { ok: false, reason: `must have a host name that resolves (${host}: ${code})` };
  } finally {
    clearTimeout(timer);
  }
  if (addresses.length === 0) return { ok: false, reason: `must have a host name that resolves (${host} has no address)` };
  for (const a of addresses) {
    const why = forbiddenAddressReason(a.address, options);
    if (why)
      return { ok: false, reason: `must not resolve to a private or reserved address (${host} resolves to ${a.address}, which ${why})` };
  }
  return { ok: true };
}

export class ForbiddenAddressError extends Error {
  override name = "ForbiddenAddressError";
  readonly code = "ERR_WEBHOOK_FORBIDDEN_ADDRESS";
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:http(s) that resolves with `resolver` and refuses the connection when any
 * address of the name is forbidden (a name with one private answer is refused whole: the next
 * lookup could pick that one).
 */
export function createGuardedLookup(options: GuardOptions & { resolver?: DnsResolver }) {
  const resolver = options.resolver ?? systemResolver;
  return (hostname: string, lookupOptions: LookupOptions, callback: LookupCallback): void => {
    const host = hostname.replace(/\.$/, "").toLowerCase();
    resolver(host).then(
      (addresses) => {
        if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), []);
        if (METADATA_NAMES.has(host) || (isLocalhostName(host) && options.mode !== "local")) {
          return callback(new ForbiddenAddressError(`${hostname} is not an allowed webhook destination`), []);
        }
        for (const a of addresses) {
          const why = forbiddenAddressReason(a.address, options);
          if (why) return callback(new ForbiddenAddressError(`${hostname} resolves to ${a.address}, which ${why}`), []);
        }
        const family = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : undefined;
        const usable = family ? addresses.filter((a) => a.family === family) : addresses;
        if (usable.length === 0)
          return callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: "ENOTFOUND" }), []);
        if (lookupOptions.all) return callback(null, usable);
        return callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}
