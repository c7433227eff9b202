import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  CreateCustomFieldBody,
  CustomField,
  CustomFieldListResponseSchema,
  CustomFieldValue,
  CustomFieldValueData,
  CustomFieldValueInput,
} from "@/lib/contract";
import { bffFetch } from "@/lib/console/bff-client";
import { customFieldsList, type CustomFieldListApiQuery } from "@/lib/console/custom-fields/list";
import { scopeKey, withScope, type QueryScope } from "./scope";

// Custom field queries: the definitions list, and one employment's values (every definition with
// its value), shared by server prefetch and client islands.

export type CustomFieldPage = z.infer<typeof CustomFieldListResponseSchema>["data"];
export interface EmploymentCustomFieldEntry {
  field: CustomField;
  value: CustomFieldValueData;
}

export const customFieldKeys = {
  all: (s: QueryScope) => ["custom-fields", ...scopeKey(s)] as const,
  lists: (s: QueryScope) => [...customFieldKeys.all(s), "list"] as const,
  list: (s: QueryScope, q: CustomFieldListApiQuery) => [...customFieldKeys.lists(s), q] as const,
  employmentValues: (s: QueryScope, employmentId: string) => [...customFieldKeys.all(s), "values", employmentId] as const,
};

const BFF = "/api/bff/custom-fields";
const enc = encodeURIComponent;

export const customFieldListQuery = (scope: QueryScope, q: CustomFieldListApiQuery) =>
  queryOptions({
    queryKey: customFieldKeys.list(scope, q),
    queryFn: ({ signal }) => bffFetch<CustomFieldPage>(withScope(`${BFF}?${customFieldsList.apiSearch(q)}`, scope), { signal }),
  });

export const employmentCustomFieldsQuery = (scope: QueryScope, employmentId: string) =>
  queryOptions({
    queryKey: customFieldKeys.employmentValues(scope, employmentId),
    queryFn: ({ signal }) =>
      bffFetch<EmploymentCustomFieldEntry[]>(withScope(`${BFF}/employments/${enc(employmentId)}`, scope), { signal }),
  });

export const createCustomField = (scope: QueryScope, body: CreateCustomFieldBody) =>
  bffFetch<CustomField>(withScope(BFF, scope), { method: "POST", body });

export const setCustomFieldValue = (scope: QueryScope, fieldId: string, employmentId: string, value: CustomFieldValueInput) =>
  bffFetch<CustomFieldValue>(withScope(`${BFF}/${enc(fieldId)}/values/${enc(employmentId)}`, scope), { method: "PUT", body: { value } });
