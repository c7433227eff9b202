import type { Subdivision } from "../subdivisions";

// What the shared section builders need to know about a country, and the pools its example data
// is drawn from.

export interface Person {
  firstName: string;
  lastName: string;
  sex: "female" | "male";
  /** YYYY-MM-DD */
  birthDate: string;
  /** E.164 */
  phone: string;
}

export interface ExampleAddress {
  address: string;
  addressLine2?: string;
  city: string;
  postalCode: string;
  /** Subdivision code (ISO 3166-2) when the country's addresses carry one. */
  subdivision?: string;
}

export interface CountryProfile {
  /** ISO alpha-3. */
  code: string;
  name: string;
  /** ISO 4217 currency of salaries and the bank account. */
  currency: string;
  /** Phone numbers of the country in E.164, e.g. "^\\+351[0-9]{9}$". */
  phonePattern: string;
  phoneDescription: string;
  postalCode: { pattern: string; description: string; errorMessage: string };
  /** The address field holding the first-level subdivision, when addresses have one. */
  subdivision?: { field: string; title: string; required: boolean; options: readonly Subdivision[] };
  /** Minimum onboarding time, in working days, before a provisional start date. */
  minimumOnboardingDays: number;
  /** Hours of a full-time week. */
  fullTimeHours: number;
  /** Example pools (at least two entries each). */
  people: readonly Person[];
  addresses: readonly ExampleAddress[];
}

/** ASCII slug of a name for example e-mail addresses. */
export function slug(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ".")
    .replace(/^\.|\.$/g, "");
}

/** ISO 13616 check digits: examples carry IBANs a bank would accept, not just the right shape. */
export function iban(countryAlpha2: string, bban: string): string {
  const rearranged = `${bban}${countryAlpha2}00`.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of rearranged) remainder = (remainder * 10 + Number(digit)) % 97;
  return `${countryAlpha2}${String(98 - remainder).padStart(2, "0")}${bban}`;
}

/** A one-page PDF as a data URL, for example file fields. */
export function examplePdf(name: string): string {
  // "%PDF-1.4\n%âãÏÓ\n" and a trailing EOF marker: enough to be recognised as a PDF.
  return `data:application/pdf;name=${encodeURIComponent(name)};base64,JVBERi0xLjQKJeLjz9MKJSVFT0YK`;
}

/** Calendar dates for examples, fixed so the data is the same on every run. */
export const EXAMPLE_START_DATES = ["2026-03-02", "2026-04-01", "2026-05-04", "2026-06-01", "2026-07-01", "2026-09-01"] as const;
