import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { decode, encode } from "next-auth/jwt";
import { DECODED_COOKIES_MAX, readSessionId, SESSION_COOKIE } from "./session-cookie";

// Decoded session cookies are kept until the token's own expiry (HKDF + AES-GCM per request was
// measurable under load); a cache hit must never say more than decoding the same cookie would.

const SECRET_A = "secret-a-0123456789abcdef0123456789abcdef";
const SECRET_B = "secret-b-0123456789abcdef0123456789abcdef";
const decodeSpy = vi.fn(decode);

const cookieOf = async (sid: string, secret = SECRET_A, maxAge = 3600) => ({
  [SESSION_COOKIE]: await encode({ token: { sid }, secret, maxAge }),
});
const read = (cookies: Partial<Record<string, string>>, secret = SECRET_A) =>
  readSessionId(cookies, { secret, secure: false, decode: decodeSpy });

describe("readSessionId", () => {
  beforeEach(() => {
    decodeSpy.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it("decodes a cookie once, then answers the same session id from memory", async () => {
    const cookies = await cookieOf("sid-1");
    expect(await read(cookies)).toBe("sid-1");
    expect(await read(cookies)).toBe("sid-1");
    expect(decodeSpy).toHaveBeenCalledTimes(1);
  });

  it("keeps sessions apart: each cookie gets its own session id", async () => {
    const [one, two] = [await cookieOf("sid-one"), await cookieOf("sid-two")];
    expect(await read(one)).toBe("sid-one");
    expect(await read(two)).toBe("sid-two");
    expect(await read(one)).toBe("sid-one");
  });

  it("a cookie known under one secret is refused under another (rotated AUTH_SECRET)", async () => {
    const cookies = await cookieOf("sid-secret");
    expect(await read(cookies, SECRET_A)).toBe("sid-secret");
    expect(await read(cookies, SECRET_B)).toBeNull();
  });

  it("a tampered or missing cookie is no session", async () => {
    const cookies = await cookieOf("sid-tamper");
    const raw = cookies[SESSION_COOKIE];
    expect(await read({ [SESSION_COOKIE]: `${raw.slice(0, -4)}AAAA` })).toBeNull();
    expect(await read({})).toBeNull();
  });

  it("a known cookie stops working at its expiry, as a decoded one does", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
    const cookies = await cookieOf("sid-expiring", SECRET_A, 60);
    expect(await read(cookies)).toBe("sid-expiring");
    vi.setSystemTime(new Date("2026-01-01T00:00:59Z"));
    expect(await read(cookies)).toBe("sid-expiring");
    // Past the expiry and next-auth's 15 s clock tolerance.
    vi.setSystemTime(new Date("2026-01-01T00:01:20Z"));
    expect(await read(cookies)).toBeNull();
  });

  it("is bounded: the least recently used cookie is decoded again", async () => {
    const first = await cookieOf("sid-first", SECRET_B);
    expect(await read(first, SECRET_B)).toBe("sid-first");
    for (let i = 0; i < DECODED_COOKIES_MAX; i++) await read(await cookieOf(`sid-${i}`, SECRET_B), SECRET_B);
    decodeSpy.mockClear();
    expect(await read(first, SECRET_B)).toBe("sid-first");
    expect(decodeSpy).toHaveBeenCalledTimes(1);
  });
});
