import "server-only";
import { ApiRequestError } from "@/lib/console/api-errors";
import type { ApiClient } from "../api-client";
import { getCompany } from "./api";

// The company's billing currency (its desired_currency), which names the payslips' converted net
// (docs/decisions/console-consent-scopes.md, follow-ups). GET /v1/companies/{id} answers 403 for one
// reason only, a token without company:read: a connection granted before the console asked for it.

export const COMPANY_CURRENCY_SCOPE = "company:read";

/** What a connection without company:read cannot read (the notices name it). */
export const COMPANY_CURRENCY_READS = "the company's billing currency (the currency of the converted net)";

export type CompanyCurrency =
  | { currency: string; missingScope: null }
  /** Not read: `missingScope` names the scope the connection lacks (the API's 403), null for any other failure. */
  | { currency: null; missingScope: typeof COMPANY_CURRENCY_SCOPE | null; error: unknown };

export async function readCompanyCurrency(api: ApiClient, companyId: string): Promise<CompanyCurrency> {
  try {
    return { currency: (await getCompany(api, companyId)).desired_currency, missingScope: null };
  } catch (error) {
    const forbidden = error instanceof ApiRequestError && error.status === 403;
    return { currency: null, missingScope: forbidden ? COMPANY_CURRENCY_SCOPE : null, error };
  }
}
