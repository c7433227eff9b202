"use client";

import { useQueries } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { formSchemaQuery } from "@/components/forms/requests";
import type { EmploymentListItem } from "@/lib/contract";
import { currencyOfContractForm } from "@/lib/console/payslips/format";
import type { QueryScope } from "@/lib/queries/scope";

/**
 * The currency each employment is paid in (employment id → ISO code), for the employments of a page
 * of payslips: the provider's payslip list carries no currency, so it is read where the API reads it,
 * from the country's contract form (one cached request per country). Unknown until that form is in.
 */
export function useEmploymentCurrencies(
  scope: QueryScope,
  employmentIds: readonly string[],
  employments: ReadonlyMap<string, EmploymentListItem>,
): ReadonlyMap<string, string> {
  const countries = useMemo(
    () => [...new Set(employmentIds.map((id) => employments.get(id)?.country?.code).filter((c): c is string => !!c))].sort(),
    [employmentIds, employments],
  );
  // Country → currency, recomputed only when a form arrives (a stable `combine` is memoised by react-query).
  const combine = useCallback(
    (results: { data?: Record<string, unknown> }[]) => {
      const byCountry = new Map<string, string>();
      results.forEach((r, i) => {
        const currency = currencyOfContractForm(r.data);
        if (currency) byCountry.set(countries[i]!, currency);
      });
      return byCountry;
    },
    [countries],
  );
  const byCountry = useQueries({ queries: countries.map((code) => formSchemaQuery(scope, code, "contract_details")), combine });
  return useMemo(() => {
    const out = new Map<string, string>();
    for (const id of employmentIds) {
      const currency = byCountry.get(employments.get(id)?.country?.code ?? "");
      if (currency) out.set(id, currency);
    }
    return out;
  }, [employmentIds, employments, byCountry]);
}
