import type { CreateContractAmendmentBody } from "@/lib/contract";
import { partitionFieldErrors } from "@/lib/console/errors/split-422";
import { mapServerErrors } from "@/lib/forms/errors";
import type { FieldErrors, FormValues } from "@/lib/forms/types";

// The browser's half of creating a contract amendment (the new amendment form's container): the
// body and where the API's 422 errors land. Apart from ./create, whose availability rules take the
// employment labels and read-only rules the form page's client code does not need.

/** The provider's CreateContractAmendmentParams: the employment, its active contract, the form's values. */
export const toCreateAmendmentBody = (employmentId: string, contractId: string, data: FormValues): CreateContractAmendmentBody => ({
  employment_id: employmentId,
  amendment_contract_id: contractId,
  contract_amendment: data,
});

/**
 * The API's 422 errors split: those of the form (`contract_amendment.<field>`, prefix stripped, and
 * `contract_amendment` itself on the form as a whole) and the others, listed in the banner.
 */
export function splitAmendmentErrors(fieldErrors: Record<string, string[]> | undefined): { form: FieldErrors; other: string[] } {
  const { byField, other } = partitionFieldErrors(fieldErrors, (key) =>
    key === "contract_amendment" || key.startsWith("contract_amendment.") ? key : null,
  );
  return { form: mapServerErrors(byField as Record<string, string[]>, "contract_amendment"), other };
}
