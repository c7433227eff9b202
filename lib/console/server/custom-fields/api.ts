import "server-only";
import {
  CustomFieldResponseSchema,
  CustomFieldValueResponseSchema,
  type CreateCustomFieldBody,
  type CustomField,
  type CustomFieldValueInput,
} from "@/lib/contract";
import { fetchAllPages, type ApiClient } from "@/lib/console/server/api-client";
import { read } from "@/lib/console/api-read";
import type { EmploymentCustomFieldEntry } from "@/lib/queries/custom-fields";
import { customFieldSortAccessors, type CustomFieldListApiQuery } from "../../custom-fields/list";
import { sortedList, type Unsorted } from "../list/sorted";

// The custom field endpoints of the API (docs/decisions/areas-payroll-custom-fields.md) over the
// console's typed client, for server pages and BFF handlers alike.

const enc = encodeURIComponent;

/** A page of custom fields, sorted across all pages when the query has a sort (lib/console/server/list/sorted.ts). */
export const listCustomFields = (api: ApiClient, q: CustomFieldListApiQuery) =>
  sortedList(
    q,
    (query: Unsorted<CustomFieldListApiQuery>) =>
      api
        .json(read.customFields, "GET", "v1/custom-fields", { query: { page: query.page, page_size: query.page_size } })
        .then((r) => r.data),
    { itemsKey: "custom_fields", accessors: customFieldSortAccessors, idOf: (f) => f.id },
  );

export const createCustomField = (api: ApiClient, body: CreateCustomFieldBody) =>
  api.json(CustomFieldResponseSchema, "POST", "v1/custom-fields", { body }).then((r) => r.data.custom_field);

export const getCustomFieldValue = (api: ApiClient, fieldId: string, employmentId: string) =>
  api
    .json(CustomFieldValueResponseSchema, "GET", `v1/custom-fields/${enc(fieldId)}/values/${enc(employmentId)}`)
    .then((r) => r.data.custom_field_value);

export const setCustomFieldValue = (api: ApiClient, fieldId: string, employmentId: string, value: CustomFieldValueInput) =>
  api
    .json(CustomFieldValueResponseSchema, "PUT", `v1/custom-fields/${enc(fieldId)}/values/${enc(employmentId)}`, { body: { value } })
    .then((r) => r.data.custom_field_value);

/** Every definition of the company (at most 10 pages of 100). */
export const listAllCustomFields = (api: ApiClient): Promise<CustomField[]> =>
  fetchAllPages(async (page) => {
    const r = await listCustomFields(api, { page, page_size: 100 });
    return { items: r.custom_fields, totalPages: r.total_pages };
  }, 10);

/** Every value of an employment (the provider's GET /v1/employments/{id}/custom-fields, at most 10 pages of 100). */
export const listAllEmploymentCustomFieldValues = (api: ApiClient, employmentId: string) =>
  fetchAllPages(async (page) => {
    const r = await api
      .json(read.employmentCustomFieldValues, "GET", `v1/employments/${enc(employmentId)}/custom-fields`, {
        query: { page, page_size: 100 },
      })
      .then((res) => res.data);
    return { items: r.custom_field_values, totalPages: r.total_pages };
  }, 10);

/** Every definition (its settings and options) with the employment's value: two lists, not one call per field. */
export async function listEmploymentCustomFields(api: ApiClient, employmentId: string): Promise<EmploymentCustomFieldEntry[]> {
  const [fields, values] = await Promise.all([listAllCustomFields(api), listAllEmploymentCustomFieldValues(api, employmentId)]);
  const byField = new Map(values.map((v) => [v.custom_field_id, v.value]));
  return fields.map((field) => ({ field, value: byField.get(field.id) ?? null }));
}
