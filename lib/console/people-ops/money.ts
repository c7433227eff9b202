import { formatAmount } from "@/lib/console/format";

// Money in the people-ops areas is integer minor units, ×100 for every currency (DECISIONS.md). The
// forms take a decimal amount as people write it ("1,234.50") and send minor units (123450).

/** "1,234.5" → 123450; null when the text is not an amount with at most two decimals. */
export function parseAmountToMinor(text: string): number | null {
  const s = text.trim().replace(/[\s,_]/g, "");
  if (!/^\d+(\.\d{0,2})?$/.test(s)) return null;
  const [int, frac = ""] = s.split(".") as [string, string?];
  const minor = Number(int) * 100 + Number((frac + "00").slice(0, 2));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** 123450 → "1234.50" (the form's text for an amount in minor units). */
export const minorToInput = (minor: number) => (minor / 100).toFixed(2);

/** 123450, "EUR" → "1,234.50 EUR"; without a code, just the number. */
export function formatMinor(minor: number, currency?: string | null): string {
  const text = formatAmount(minor / 100, currency ?? "");
  return currency ? text : text.trimEnd();
}
