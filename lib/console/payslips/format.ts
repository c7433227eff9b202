import { formatMoney } from "@/lib/forms/money";

// How payslip values read: money is integer minor units (×100 for every currency, DECISIONS.md
// "Money"), a pay period is a calendar month.

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** "2026-02-01" (a period's first day) or "2026-02" → "February 2026"; anything else unchanged. */
export function formatPeriod(value: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(value);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${month} ${m[1]}` : value;
}

/** "1,234.56 EUR" for 123456 minor units of EUR. */
export const formatMinorAmount = (minor: number, currency: string) => formatMoney(minor, currency);

/** The month before `today` (YYYY-MM): the usual month to release in sandbox. */
export function previousMonth(today: Date): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The file name of a Content-Disposition header (`filename*` first), or `fallback`. */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ""));
    } catch {
      /* fall through to the plain filename */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/**
 * The currency an employment is paid in, read from its country's contract form (the API's own
 * source: the `x-jsf-presentation.currency` of `annual_gross_salary`), or null when the form does not say.
 */
export function currencyOfContractForm(schema: unknown): string | null {
  const properties = (schema as { properties?: Record<string, unknown> } | null | undefined)?.properties;
  const salary = properties?.annual_gross_salary as { "x-jsf-presentation"?: { currency?: unknown } } | undefined;
  const currency = salary?.["x-jsf-presentation"]?.currency;
  return typeof currency === "string" && /^[A-Z]{3}$/.test(currency) ? currency : null;
}
