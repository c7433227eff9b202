import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatMoney, majorToMinor, minorToMajor } from "./money";

describe("money in minor units", () => {
  it("shows minor units as major units", () => {
    expect(minorToMajor(123456)).toBe("1234.56");
    expect(minorToMajor(5)).toBe("0.05");
    expect(minorToMajor(-150)).toBe("-1.50");
    expect(minorToMajor(undefined)).toBe("");
    expect(minorToMajor("12")).toBe("");
  });

  it("reads what people type", () => {
    expect(majorToMinor("1234.56")).toBe(123456);
    expect(majorToMinor("1,234.5")).toBe(123450);
    expect(majorToMinor(" 12 180 ")).toBe(1218000);
    expect(majorToMinor("€ 50")).toBe(5000);
    expect(majorToMinor("50 EUR")).toBe(5000);
    expect(majorToMinor("0.1")).toBe(10);
    expect(majorToMinor("")).toBeUndefined();
    expect(majorToMinor("   ")).toBeUndefined();
    expect(majorToMinor("12.345")).toBeNull();
    expect(majorToMinor("abc")).toBeNull();
    expect(majorToMinor("1.2.3")).toBeNull();
    expect(majorToMinor("12,00.0")).toBeNull();
    expect(majorToMinor("1,2345")).toBeNull();
    expect(majorToMinor("1,234,567.89")).toBe(123456789);
  });

  it("round-trips every amount", () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (minor) => majorToMinor(minorToMajor(minor)) === minor));
  });

  it("formats for reading", () => {
    expect(formatMoney(1218000, "EUR")).toBe("12,180.00 EUR");
    expect(formatMoney(1218000, "---")).toBe("12,180.00");
  });
});
