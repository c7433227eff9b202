import type { EmploymentSection } from "@/lib/contract";

/** Names of the employment's country-form sections, as the console shows them. */
export const SECTION_LABELS: Record<EmploymentSection, string> = {
  basic_information: "Basic information",
  personal_details: "Personal details",
  address_details: "Home address",
  work_address_details: "Work address",
  billing_address_details: "Billing address",
  administrative_details: "Administrative details",
  contract_details: "Contract details",
  emergency_contact_details: "Emergency contact",
  bank_account_details: "Bank account",
  pricing_plan_details: "Pricing plan",
  employment_document_details: "Employment documents",
};

/**
 * The line under a form page's title: whose form and which country's, the form named by its title
 * ("Jane Doe · Portugal's personal details form"), never by its API key.
 */
export function formPageSubtitle(person: string, countryName: string | null | undefined, formTitle: string): string {
  return countryName ? `${person} · ${countryName}'s ${formTitle.toLowerCase()} form` : `${person} · ${formTitle} form`;
}

/** The sections filled after creation, in the order the new-employment flow asks for them. */
export const ONBOARDING_SECTIONS: readonly EmploymentSection[] = [
  "contract_details",
  "personal_details",
  "address_details",
  "work_address_details",
  "administrative_details",
  "bank_account_details",
  "emergency_contact_details",
  "billing_address_details",
  "pricing_plan_details",
  "employment_document_details",
];

/** A section's saved values as the form's initial values (a list of bank accounts: the first). */
export function sectionValues(
  employment: Partial<Record<EmploymentSection, unknown>>,
  section: EmploymentSection,
): Record<string, unknown> {
  const raw = employment[section];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
