import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pkceS256 } from "../crypto";
import { isValidCodeChallenge, verifyPkce } from "./pkce";

const unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".split("");
const verifierArb = fc.array(fc.constantFrom(...unreserved), { minLength: 43, maxLength: 128 }).map((a) => a.join(""));

describe("PKCE S256", () => {
  it("matches the RFC 7636 appendix B example", () => {
    expect(pkceS256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
    expect(verifyPkce("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk", "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")).toBe(true);
  });

  it("accepts every valid verifier against its own challenge, and the challenge is well-formed", () => {
    fc.assert(
      fc.property(verifierArb, (v) => {
        const challenge = pkceS256(v);
        return isValidCodeChallenge(challenge) && verifyPkce(v, challenge);
      }),
    );
  });

  it("refuses any other verifier", () => {
    fc.assert(fc.property(verifierArb, verifierArb, (a, b) => a === b || !verifyPkce(b, pkceS256(a))));
  });

  it("refuses verifiers outside 43-128 unreserved characters, even with a matching challenge", () => {
    for (const v of ["a".repeat(42), "a".repeat(129), `${"a".repeat(42)}+`, `${"a".repeat(42)} `])
      expect(verifyPkce(v, pkceS256(v))).toBe(false);
  });
});
