import type { EmploymentSection, FormName } from "@/lib/contract";

/** The country form that fills each section of an employment (the API validates a section with it). */
export const SECTION_FORMS: Record<EmploymentSection, FormName> = {
  basic_information: "employment_basic_information",
  personal_details: "personal_details",
  address_details: "address_details",
  work_address_details: "work_address_details",
  billing_address_details: "billing_address_details",
  administrative_details: "administrative_details",
  contract_details: "contract_details",
  emergency_contact_details: "emergency_contact_details",
  bank_account_details: "bank_account_details",
  pricing_plan_details: "pricing_plan_details",
  employment_document_details: "employment_document_details",
};

export function formForSection(section: string): FormName | undefined {
  return (SECTION_FORMS as Record<string, FormName>)[section];
}

/** The section a form fills (a section name is accepted as well); undefined for forms that fill none. */
export function sectionForForm(nameOrSection: string): EmploymentSection | undefined {
  if (nameOrSection in SECTION_FORMS) return nameOrSection as EmploymentSection;
  const entry = Object.entries(SECTION_FORMS).find(([, form]) => form === nameOrSection);
  return entry?.[0] as EmploymentSection | undefined;
}
