import type { FormName } from "@/lib/contract";
import { billingAddress, homeAddress, workAddress } from "../sections/address";
import { bankAccount } from "../sections/bank-account";
import { contractorBasicInformation, employmentBasicInformation } from "../sections/basic-information";
import { contractAmendment } from "../sections/contract-amendment";
import { contractDetails, type ContractRules } from "../sections/contract-details";
import { emergencyContact } from "../sections/emergency-contact";
import { employmentDocuments } from "../sections/employment-documents";
import { personalDetails } from "../sections/personal-details";
import { pricingPlan } from "../sections/pricing-plan";
import type { CountryProfile } from "../sections/profile";
import { defineForm, type FormDefinition, type FormExtension, type FormParts } from "../schema/form";

// A built-in country: its profile and law (shared builders turn them into the common parts of
// every form) plus the extensions that carry what only this country has.

export interface CountryMetadata {
  contractor_products_available: ("standard" | "plus" | "cor")[];
  employment_agreement_preview_available: boolean;
  eor_onboarding: boolean;
  locked_benefits?: string;
}

export interface CountrySpec {
  profile: CountryProfile;
  metadata: CountryMetadata;
  contract: ContractRules;
  /** Minimum working age, checked on the date of birth. */
  minimumAge: number;
  /** Notice, in working days, before a contract amendment can take effect. */
  amendmentNoticeDays: number;
  idDocuments: readonly (readonly [string, string])[];
  companyRegistration: { title: string; pattern: string; description: string; example: string };
  vat: { title: string; pattern: string; example: string };
  /** Country-specific fields and rules, per form. administrative_details and bank_account_details have no common identifiers, so these are required. */
  extensions: Partial<Record<FormName, FormExtension>> & { administrative_details: FormExtension; bank_account_details: FormExtension };
}

export interface CountryDefinition {
  code: string;
  metadata: CountryMetadata;
  forms: Record<FormName, FormDefinition>;
}

const EMPTY: FormParts = { properties: {}, example: () => ({}) };

export function defineCountry(spec: CountrySpec): CountryDefinition {
  const p = spec.profile;
  const products = spec.metadata.contractor_products_available;
  const bases: Record<FormName, FormParts> = {
    employment_basic_information: employmentBasicInformation(p),
    contractor_basic_information: contractorBasicInformation(p, { products, registrationNumber: spec.companyRegistration }),
    personal_details: personalDetails(p, { minimumAge: spec.minimumAge }),
    address_details: homeAddress(p),
    work_address_details: workAddress(p),
    billing_address_details: billingAddress(p, spec.vat),
    administrative_details: EMPTY,
    bank_account_details: bankAccount(p),
    emergency_contact_details: emergencyContact(p),
    pricing_plan_details: pricingPlan(p),
    employment_document_details: employmentDocuments(p, { idDocuments: spec.idDocuments }),
    contract_details: contractDetails(p, spec.contract),
    contract_amendment: contractAmendment(p, {
      minimumAnnualSalary: spec.contract.minimumAnnualSalary,
      minimumSalaryMessage: spec.contract.minimumSalaryMessage,
      noticeDays: spec.amendmentNoticeDays,
    }),
  };
  const forms = Object.fromEntries(
    (Object.keys(bases) as FormName[]).map((name) => [name, defineForm(bases[name], spec.extensions[name])]),
  ) as Record<FormName, FormDefinition>;
  return { code: p.code, metadata: spec.metadata, forms };
}
