import { describe, expect, it } from "vitest";
import { formatNumber } from "./number-format";

describe("formatNumber: the text of toLocaleString('en-US', …), with kept formatters", () => {
  const values = [0, -0, 1, -1, 7.5, 1234.5, -1234.567891234, 1e21, 0.1 + 0.2, 123456789.125, Number.NaN, Infinity, -Infinity];
  const settings = [
    {},
    { maximumFractionDigits: 10 },
    { maximumFractionDigits: 2 },
    { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  ];

  it("prints every value as toLocaleString does, for every digit setting the console uses", () => {
    for (const digits of settings)
      for (const value of values)
        expect(formatNumber(value, digits), `${value} ${JSON.stringify(digits)}`).toBe(value.toLocaleString("en-US", digits));
  });

  it("keeps the settings apart (a kept formatter is not reused for other digits)", () => {
    expect(formatNumber(1.005, { maximumFractionDigits: 10 })).toBe("1.005");
    expect(formatNumber(1.005, { minimumFractionDigits: 2, maximumFractionDigits: 2 })).toBe(
      (1.005).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    );
    expect(formatNumber(1.005)).toBe("1.005");
    expect(formatNumber(2, { minimumFractionDigits: 2, maximumFractionDigits: 2 })).toBe("2.00");
  });

  it("stays correct past its bound of kept formatters", () => {
    for (let d = 0; d <= 40; d++)
      expect(formatNumber(Math.PI, { maximumFractionDigits: d % 21 })).toBe(
        Math.PI.toLocaleString("en-US", { maximumFractionDigits: d % 21 }),
      );
  });
});
