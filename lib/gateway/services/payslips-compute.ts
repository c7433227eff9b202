import "server-only";
import type { PayslipItem } from "../db/schema";
import type { FormRegistry } from "../forms/registry";

// The arithmetic of a payslip, with no database: the same function computes the sandbox's released
// payslips and the seed's. Rates are round demo figures, not any country's real tax tables.

/** Used when a country's forms name no currency (a country added through GATEWAY_FORMS_DIR without salary). */
export const FALLBACK_CURRENCY = "USD";

/** The currency of a country's salaries: the `currency` of the contract form's salary field. */
export function currencyOfCountry(forms: Pick<FormRegistry, "getForm">, countryCode: string | null | undefined): string {
  if (!countryCode) return FALLBACK_CURRENCY;
  for (const form of ["contract_details", "contract_amendment"]) {
    const schema = forms.getForm(countryCode, form)?.schema as { properties?: Record<string, Record<string, unknown>> } | undefined;
    const presentation = schema?.properties?.annual_gross_salary?.["x-jsf-presentation"] as { currency?: unknown } | undefined;
    if (typeof presentation?.currency === "string" && /^[A-Z]{3}$/.test(presentation.currency)) return presentation.currency;
  }
  return FALLBACK_CURRENCY;
}

/** Demo exchange rates: the value of one unit in US dollars. Other currencies convert 1:1. */
const USD_PER_UNIT: Record<string, number> = { USD: 1, EUR: 1.08, GBP: 1.27, BRL: 0.18, CHF: 1.12, CAD: 0.74, AUD: 0.66, JPY: 0.0067 };

/** Converts minor units between currencies at the demo rates (rounded to the minor unit). */
export function convertMinorUnits(amount: number, from: string, to: string): number {
  if (from === to) return amount;
  return Math.round((amount * (USD_PER_UNIT[from] ?? 1)) / (USD_PER_UNIT[to] ?? 1));
}

/** Withholding rates per country: income tax and the employee's social contributions. */
const RATES: Record<string, { incomeTax: number; social: number; socialLabel: string }> = {
  PRT: { incomeTax: 0.18, social: 0.11, socialLabel: "Social security (Segurança Social)" },
  DEU: { incomeTax: 0.2, social: 0.2, socialLabel: "Social insurance (Sozialversicherung)" },
  FRA: { incomeTax: 0.12, social: 0.22, socialLabel: "Social contributions (cotisations salariales)" },
  GBR: { incomeTax: 0.2, social: 0.08, socialLabel: "National Insurance" },
  ESP: { incomeTax: 0.16, social: 0.0635, socialLabel: "Social security (Seguridad Social)" },
  NLD: { incomeTax: 0.3, social: 0.0, socialLabel: "Employee insurance" },
  USA: { incomeTax: 0.15, social: 0.0765, socialLabel: "FICA (Social Security and Medicare)" },
  BRA: { incomeTax: 0.15, social: 0.11, socialLabel: "INSS" },
};
const DEFAULT_RATES = { incomeTax: 0.2, social: 0.1, socialLabel: "Social contributions" };

/** Working days a month, for daily allowances. */
const WORKING_DAYS = 22;

const pad = (n: number) => String(n).padStart(2, "0");

/** First and last day of a `YYYY-MM` month. */
export function periodBounds(period: string): { start: string; end: string; year: number; month: number } {
  const [y, m] = period.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start: `${y}-${pad(m)}-01`, end: `${y}-${pad(m)}-${pad(last)}`, year: y, month: m };
}

/** The month of a date, `YYYY-MM`. */
export const periodOf = (date: Date | string) => (typeof date === "string" ? date : date.toISOString()).slice(0, 7);

/** The last Monday–Friday of a month: the usual payout day. */
export function lastWorkingDay(period: string): string {
  const { year, month } = periodBounds(period);
  const d = new Date(Date.UTC(year, month, 0));
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const int = (v: unknown): number | null => (typeof v === "number" && Number.isSafeInteger(v) && v > 0 ? v : null);

export interface ComputedPayslip {
  periodStart: string;
  periodEnd: string;
  items: PayslipItem[];
  grossAmount: number;
  netAmount: number;
}

/**
 * The payslip of one month from the contract: base salary (annual ÷ installments; 14 installments
 * pay an extra one in June and December, 13 in December), a daily meal allowance when the contract
 * has one (not taxed), then income tax and social contributions on the taxable gross.
 * Null when the contract names no annual gross salary.
 */
export function computePayslip(input: {
  countryCode: string | null;
  contractDetails: Record<string, unknown> | null | undefined;
  period: string;
}): ComputedPayslip | null {
  const contract = input.contractDetails ?? {};
  const annual = int(contract.annual_gross_salary);
  if (annual === null) return null;
  const { start, end, month } = periodBounds(input.period);
  const installmentsRaw = int(contract.salary_installments);
  const installments = installmentsRaw !== null && installmentsRaw >= 12 && installmentsRaw <= 14 ? installmentsRaw : 12;
  const monthly = Math.round(annual / installments);

  const items: PayslipItem[] = [{ code: "base_salary", label: "Base salary", kind: "earning", amount: monthly }];
  if ((installments === 14 && month === 6) || (installments >= 13 && month === 12)) {
    items.push({
      code: month === 6 ? "holiday_subsidy" : "christmas_subsidy",
      label: month === 6 ? "Holiday subsidy" : "Christmas subsidy",
      kind: "earning",
      amount: monthly,
    });
  }
  const taxable = items.reduce((sum, i) => sum + i.amount, 0);
  const mealDaily = int(contract.meal_allowance_daily);
  if (mealDaily !== null)
    items.push({
      code: "meal_allowance",
      label: `Meal allowance (${WORKING_DAYS} days)`,
      kind: "earning",
      amount: mealDaily * WORKING_DAYS,
    });
  const mealMonthly = int(contract.meal_voucher_monthly);
  if (mealMonthly !== null) items.push({ code: "meal_voucher", label: "Meal voucher", kind: "earning", amount: mealMonthly });

  const rates = RATES[input.countryCode ?? ""] ?? DEFAULT_RATES;
  const incomeTax = Math.round(taxable * rates.incomeTax);
  const social = Math.round(taxable * rates.social);
  items.push({ code: "income_tax", label: "Income tax withholding", kind: "deduction", amount: incomeTax });
  if (social > 0) items.push({ code: "social_security", label: rates.socialLabel, kind: "deduction", amount: social });

  const grossAmount = items.filter((i) => i.kind === "earning").reduce((sum, i) => sum + i.amount, 0);
  const deductions = items.filter((i) => i.kind === "deduction").reduce((sum, i) => sum + i.amount, 0);
  return { periodStart: start, periodEnd: end, items, grossAmount, netAmount: grossAmount - deductions };
}
