import { requiredWhen } from "../schema/conditions";
import { email, hidden, radio, select, text, type JsonSchema } from "../schema/fields";
import { pick, type FormParts } from "../schema/form";
import type { CountryProfile } from "./profile";

// address_details (home), work_address_details and billing_address_details share one shape:
// street, city, postal code in the country's format, the subdivision where addresses carry one,
// and the country itself as a forced hidden value.

function addressProperties(p: CountryProfile): Record<string, JsonSchema> {
  return {
    address: text({ title: "Address", description: "Street and number. PO boxes are not accepted.", pattern: "\\S" }),
    address_line_2: text({ title: "Address line 2", description: "(Optional) Apartment, floor, building.", nullable: true }),
    city: text({ title: "City", pattern: "\\S" }),
    postal_code: text({
      title: "Postal code",
      description: p.postalCode.description,
      pattern: p.postalCode.pattern,
      maxLength: 12,
      errorMessage: { pattern: p.postalCode.errorMessage },
    }),
    ...(p.subdivision
      ? {
          [p.subdivision.field]: select({
            title: p.subdivision.title,
            options: p.subdivision.options.map((s) => [s.code, s.name] as const),
            presentation: { placeholder: `Select a ${p.subdivision.title.toLowerCase()}` },
          }),
        }
      : {}),
    country: hidden({ title: "Country", value: p.code }),
  };
}

function addressRequired(p: CountryProfile): string[] {
  return ["address", "city", "postal_code", ...(p.subdivision?.required ? [p.subdivision.field] : []), "country"];
}

function addressExample(p: CountryProfile, v: number): Record<string, unknown> {
  const a = pick(p.addresses, v);
  return {
    address: a.address,
    ...(a.addressLine2 ? { address_line_2: a.addressLine2 } : {}),
    city: a.city,
    postal_code: a.postalCode,
    ...(p.subdivision && a.subdivision ? { [p.subdivision.field]: a.subdivision } : {}),
    country: p.code,
  };
}

export function homeAddress(p: CountryProfile): FormParts {
  return { properties: addressProperties(p), required: addressRequired(p), example: (v) => addressExample(p, v) };
}

export function workAddress(p: CountryProfile): FormParts {
  return {
    properties: {
      work_location_type: radio({
        title: "Where will the employee work?",
        options: [
          ["office", "At a company office"],
          ["home", "From home"],
          ["hybrid", "Partly at an office, partly from home"],
        ],
      }),
      office_name: text({ title: "Office name", description: "(Optional) The name your team uses for this office.", nullable: true }),
      ...addressProperties(p),
    },
    required: ["work_location_type", ...addressRequired(p)],
    // An office name means nothing for someone working from home.
    allOf: [
      {
        if: { properties: { work_location_type: { const: "home" } }, required: ["work_location_type"] },
        then: { properties: { office_name: false } },
      },
    ],
    example: (v) => {
      const type = pick(["office", "home", "hybrid"] as const, v);
      return {
        work_location_type: type,
        ...(type !== "home" ? { office_name: `${pick(p.addresses, v + 1).city} office` } : {}),
        ...addressExample(p, type === "home" ? v : v + 1),
      };
    },
  };
}

export function billingAddress(p: CountryProfile, vat: { title: string; pattern: string; example: string }): FormParts {
  return {
    properties: {
      invoice_to: radio({
        title: "Invoices are addressed to",
        // Served for employees and contractors alike (the form endpoint knows no employment): no type named.
        options: [
          ["individual", "This person"],
          ["company", "This person's company"],
        ],
        direction: "row",
      }),
      company_name: text({ title: "Company name", pattern: "\\S" }),
      vat_number: text({
        title: vat.title,
        pattern: vat.pattern,
        nullable: true,
        errorMessage: { pattern: `Enter a valid ${vat.title}.` },
      }),
      billing_email: email({ title: "Billing email", description: "(Optional) Where invoices are sent.", nullable: true }),
      ...addressProperties(p),
    },
    required: ["invoice_to", ...addressRequired(p)],
    allOf: [requiredWhen("invoice_to", "company", ["company_name"], { else: { properties: { vat_number: false } } })],
    example: (v) => {
      const company = v % 2 === 1;
      return {
        invoice_to: company ? "company" : "individual",
        ...(company ? { company_name: `${pick(p.people, v).lastName} Consulting`, vat_number: vat.example } : {}),
        ...(v % 3 === 0 ? { billing_email: "invoices@example.com" } : {}),
        ...addressExample(p, v),
      };
    },
  };
}
