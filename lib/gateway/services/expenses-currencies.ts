import "server-only";
import type { CurrencyDefinition } from "@/lib/contract";
import { fieldErrors } from "../errors";

// Currencies of expenses: names and symbols from the runtime's ICU data, and a fixed table of
// indicative rates to convert an expense into the employment's currency. The embedded API has no
// market feed: the rates are constants (units per euro), so conversions are repeatable in tests.

/** Units of each currency per 1 EUR (indicative, 2025). */
const UNITS_PER_EUR: Record<string, number> = {
  EUR: 1,
  USD: 1.08,
  GBP: 0.85,
  CHF: 0.95,
  BRL: 5.9,
  CAD: 1.47,
  AUD: 1.64,
  NZD: 1.78,
  JPY: 163,
  CNY: 7.8,
  HKD: 8.4,
  SGD: 1.45,
  KRW: 1470,
  INR: 90,
  IDR: 17300,
  MYR: 4.9,
  PHP: 62,
  THB: 38,
  VND: 27000,
  AED: 3.97,
  SAR: 4.05,
  ILS: 4,
  TRY: 35,
  ZAR: 20,
  NGN: 1650,
  KES: 140,
  EGP: 53,
  MAD: 10.8,
  MXN: 19.5,
  COP: 4500,
  CLP: 1000,
  PEN: 4.05,
  ARS: 1000,
  UYU: 45,
  SEK: 11.3,
  NOK: 11.6,
  DKK: 7.46,
  ISK: 150,
  PLN: 4.3,
  CZK: 25,
  HUF: 395,
  RON: 4.97,
  BGN: 1.956,
  RSD: 117,
  UAH: 44,
  GEL: 2.95,
};

/** Currency of the employments of each country the API serves (alpha-3). */
const COUNTRY_CURRENCY: Record<string, string> = {
  PRT: "EUR",
  DEU: "EUR",
  FRA: "EUR",
  ESP: "EUR",
  NLD: "EUR",
  GBR: "GBP",
  USA: "USD",
  BRA: "BRL",
};

/** The currency an employment is paid in, or null when its country is unknown. */
export const employmentCurrency = (countryCode: string | null): string | null =>
  countryCode ? (COUNTRY_CURRENCY[countryCode] ?? null) : null;

const definitions = new Map<string, CurrencyDefinition>();
const names = new Intl.DisplayNames(["en"], { type: "currency" });

/** CurrencyDefinition of the provider's examples: `{code, name, symbol}`. */
export function currencyDefinition(code: string): CurrencyDefinition {
  let d = definitions.get(code);
  if (!d) {
    const symbol =
      new Intl.NumberFormat("en", { style: "currency", currency: code, currencyDisplay: "narrowSymbol" })
        .formatToParts(0)
        .find((p) => p.type === "currency")?.value ?? code;
    d = { code, name: names.of(code) ?? code, symbol };
    definitions.set(code, d);
  }
  return d;
}

/** Converts minor units between currencies (both ×100, DECISIONS.md); 422 on `currency` without a rate. */
export function convertMinorUnits(amount: number, from: string, to: string): number {
  if (from === to) return amount;
  const a = UNITS_PER_EUR[from];
  const b = UNITS_PER_EUR[to];
  if (a === undefined || b === undefined) {
    throw fieldErrors({ currency: [`no exchange rate from ${from} to ${to} (the employment's currency)`] });
  }
  return Math.round((amount * b) / a);
}
