// Deterministic formatting (no Intl month names): the server render and the browser's hydration must
// print the same text, whatever ICU versions they carry.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** "2024-03-07" → "7 Mar 2024"; anything else is returned unchanged. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return "";
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  const month = MONTHS[Number(m[2]) - 1];
  return month ? `${Number(m[3])} ${month} ${m[1]}` : value;
}

/** "2024-03-07T14:03:09Z" → "7 Mar 2024, 14:03 UTC". */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return "";
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** A decimal amount with two decimals and thousands separators, then the currency code. */
export function formatAmount(amount: number, currency: string): string {
  const [int, frac] = Math.abs(amount).toFixed(2).split(".") as [string, string];
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${amount < 0 ? "-" : ""}${grouped}.${frac} ${currency}`;
}

/** The flag emoji of an ISO 3166-1 alpha-2 code ("DE" → 🇩🇪), or "" for anything else. */
export function flagEmoji(alpha2: string | null | undefined): string {
  if (!alpha2 || !/^[A-Za-z]{2}$/.test(alpha2)) return "";
  return String.fromCodePoint(
    ...alpha2
      .toUpperCase()
      .split("")
      .map((c) => 0x1f1e6 + c.charCodeAt(0) - 65),
  );
}

/** "1 employment" / "3 employments". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
