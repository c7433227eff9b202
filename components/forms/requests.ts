import { queryOptions } from "@tanstack/react-query";
import { bffFetch } from "@/lib/console/bff-client";
import type { Country, CreateEmploymentBody, Employment, EmploymentSection } from "@/lib/contract";
import { scopeKey, withScope, type QueryScope } from "@/lib/queries/scope";

// The browser's calls of the country-form pages, through the BFF (never the API directly).

export const formKeys = {
  countries: (s: QueryScope) => ["countries", ...scopeKey(s)] as const,
  schema: (s: QueryScope, code: string, form: string) => ["country-form", ...scopeKey(s), code, form] as const,
};

export const countriesQuery = (scope: QueryScope) =>
  queryOptions({
    queryKey: formKeys.countries(scope),
    queryFn: ({ signal }) => bffFetch<Country[]>(withScope("/api/bff/countries", scope), { signal }),
    staleTime: 10 * 60_000,
  });

/** A country form's schema (answered bare by the BFF). */
export const formSchemaQuery = (scope: QueryScope, code: string, form: string) =>
  queryOptions({
    queryKey: formKeys.schema(scope, code, form),
    queryFn: ({ signal }) =>
      bffFetch<Record<string, unknown>>(withScope(`/api/bff/countries/${encodeURIComponent(code)}/${encodeURIComponent(form)}`, scope), {
        signal,
      }),
    staleTime: 10 * 60_000,
  });

export const createEmploymentRequest = (scope: QueryScope, body: CreateEmploymentBody) =>
  bffFetch<Employment>(withScope("/api/bff/employments/create", scope), { method: "POST", body });

export const updateSectionRequest = (scope: QueryScope, id: string, section: EmploymentSection, data: unknown) =>
  bffFetch<Employment>(withScope(`/api/bff/employments/${encodeURIComponent(id)}/sections/${encodeURIComponent(section)}`, scope), {
    method: "PATCH",
    body: data,
  });

export const inviteEmploymentRequest = (scope: QueryScope, id: string) =>
  bffFetch<{ status: string }>(withScope(`/api/bff/employments/${encodeURIComponent(id)}/invite`, scope), { method: "POST" });

export const activateEmploymentRequest = (scope: QueryScope, id: string) =>
  bffFetch<Employment>(withScope(`/api/bff/employments/${encodeURIComponent(id)}/activate`, scope), { method: "POST" });
