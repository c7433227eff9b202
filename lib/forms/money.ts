import { formatNumber } from "../number-format";

// Money travels as integer minor units: ×100 for every currency, as the provider does
// (DECISIONS.md "Money"). The form shows and takes major units ("1234.56") with the currency code.

export const MINOR_UNITS_PER_MAJOR = 100;

/** "1234.56" for 123456; "" for anything that is not a finite number. */
export function minorToMajor(minor: unknown): string {
  if (typeof minor !== "number" || !Number.isFinite(minor)) return "";
  const negative = minor < 0;
  const abs = Math.abs(Math.round(minor));
  const units = Math.floor(abs / MINOR_UNITS_PER_MAJOR);
  const cents = abs % MINOR_UNITS_PER_MAJOR;
  return `${negative ? "-" : ""}${units}.${String(cents).padStart(2, "0")}`;
}

/**
 * Minor units of what a person typed ("1,234.5", "1234", "€ 1 234.50" are accepted; thousands
 * separators are "," or spaces between groups of three digits, the decimal separator is ".").
 * Returns undefined for an empty entry and null for one that is not an amount with at most two
 * decimals.
 */
export function majorToMinor(text: string): number | undefined | null {
  const cleaned = text
    .trim()
    .replace(/^[A-Za-z€£$¥\s]+/, "")
    .replace(/[A-Za-z€£$¥\s]+$/, "");
  if (cleaned === "") return text.trim() === "" ? undefined : null;
  // Thousands separators ("," or a space) only where they group thousands: "12,00.0" is refused.
  const m = /^(-?)(\d{1,3}(?:[,\s\u00a0]\d{3})+|\d+)(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!m) return null;
  const units = Number(m[2]!.replace(/[,\s\u00a0]/g, ""));
  const cents = Number((m[3] ?? "").padEnd(2, "0") || "0");
  const minor = units * MINOR_UNITS_PER_MAJOR + cents;
  if (!Number.isSafeInteger(minor)) return null;
  return m[1] === "-" ? -minor : minor;
}

/** "1,234.56 EUR": an amount in minor units for reading (statements, messages). */
export function formatMoney(minor: number, currency?: string): string {
  const amount = formatNumber(minor / MINOR_UNITS_PER_MAJOR, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency && /^[A-Z]{3}$/.test(currency) ? `${amount} ${currency}` : amount;
}
