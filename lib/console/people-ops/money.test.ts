import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMinor, minorToInput, parseAmountToMinor } from "./money";

describe("money in minor units", () => {
  it("reads amounts as people write them", () => {
    expect(parseAmountToMinor("42")).toBe(4200);
    expect(parseAmountToMinor("42.5")).toBe(4250);
    expect(parseAmountToMinor(" 1,234.05 ")).toBe(123405);
    expect(parseAmountToMinor("0.01")).toBe(1);
    expect(parseAmountToMinor("42.")).toBe(4200);
    for (const bad of ["", "abc", "1.234", "-5", "1e3", "4.2.1"]) expect(parseAmountToMinor(bad)).toBeNull();
  });

  it("round-trips every amount through the form's text", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_00 }), (minor) => {
        expect(parseAmountToMinor(minorToInput(minor))).toBe(minor);
      }),
    );
  });

  it("formats with the currency when there is one", () => {
    expect(formatMinor(123450, "EUR")).toBe("1,234.50 EUR");
    expect(formatMinor(50025)).toBe("500.25");
  });
});
