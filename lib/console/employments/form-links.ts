import type { OnboardingTaskKey } from "@/lib/contract/enums";
import { employmentHref } from "./links";

/**
 * The country form that completes an onboarding task. The task keys of spec 2.4 are also the form
 * section names (DECISIONS.md "Forms"), so the mapping is the identity, kept explicit here.
 */
export const TASK_FORM_SECTION: Record<OnboardingTaskKey, string> = {
  personal_details: "personal_details",
  address_details: "address_details",
  administrative_details: "administrative_details",
  bank_account_details: "bank_account_details",
  billing_address_details: "billing_address_details",
  contract_details: "contract_details",
  emergency_contact_details: "emergency_contact_details",
  employment_document_details: "employment_document_details",
  pricing_plan_details: "pricing_plan_details",
};

export const employmentFormHref = (id: string, task: OnboardingTaskKey) =>
  `${employmentHref(id)}/forms/${encodeURIComponent(TASK_FORM_SECTION[task])}`;
