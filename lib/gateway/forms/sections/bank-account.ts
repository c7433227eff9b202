import { hidden, statement, text } from "../schema/fields";
import type { FormExtension, FormParts } from "../schema/form";
import { pick } from "../schema/form";
import { iban, type CountryProfile } from "./profile";

// bank_account_details: the account salaries are paid into. The holder and the currency are
// common; how the account is identified (IBAN, sort code, routing number, agency) is per country.

export function bankAccount(p: CountryProfile): FormParts {
  return {
    properties: {
      payout_notice: statement({
        title: "Salary payments",
        statementTitle: `Salaries are paid in ${p.currency}.`,
        statementDescription: `The account must be able to receive ${p.currency} transfers from ${p.name}.`,
      }),
      account_holder: text({ title: "Account holder", description: "The name on the account, usually the worker's own.", pattern: "\\S" }),
      bank_name: text({ title: "Bank name", nullable: true }),
      currency: hidden({ title: "Currency", value: p.currency }),
    },
    required: ["account_holder", "currency"],
    example: (v) => {
      const person = pick(p.people, v);
      return { account_holder: `${person.firstName} ${person.lastName}`, currency: p.currency };
    },
  };
}

/** SEPA countries: an IBAN of the country's length, and an optional BIC. */
export function ibanAccount(
  p: CountryProfile,
  o: { alpha2: string; bbanPattern: string; length: number; bankNames: readonly string[]; bbans: readonly string[] },
): FormExtension {
  return {
    properties: {
      iban: text({
        title: "IBAN",
        description: `${o.length} characters starting with ${o.alpha2}, without spaces.`,
        pattern: `^${o.alpha2}[0-9]{2}${o.bbanPattern}$`,
        maxLength: 34,
        errorMessage: { pattern: `Enter a ${p.name} IBAN: ${o.length} characters starting with ${o.alpha2}, without spaces.` },
      }),
      bic: text({
        title: "BIC / SWIFT",
        description: "(Optional) 8 or 11 characters.",
        pattern: "^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$",
        nullable: true,
        errorMessage: { pattern: "Enter a BIC of 8 or 11 letters and digits." },
      }),
    },
    required: ["iban"],
    order: (order) => [...order.filter((n) => n !== "currency"), "currency"],
    example: (v) => ({ bank_name: pick(o.bankNames, v), iban: iban(o.alpha2, pick(o.bbans, v)) }),
  };
}
