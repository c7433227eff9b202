import "server-only";
import {
  CustomFieldListResponseSchema,
  CustomFieldResponseSchema,
  CustomFieldValueResponseSchema,
  type CreateCustomFieldBody,
  type CustomField,
  type CustomFieldValueInput,
} from "@/lib/contract";
import { fetchAllPages, type ApiClient } from "@/lib/console/api-client";
import type { EmploymentCustomFieldEntry } from "@/lib/queries/custom-fields";
import type { CustomFieldListApiQuery } from "./url-state";

// The custom field endpoints of the API (docs/decisions/areas-payroll-custom-fields.md) over the
// console's typed client, for server pages and BFF handlers alike.

const enc = encodeURIComponent;

export const listCustomFields = (api: ApiClient, q: CustomFieldListApiQuery) =>
  api
    .json(CustomFieldListResponseSchema, "GET", "v1/custom-fields", { query: { page: q.page, page_size: q.page_size } })
    .then((r) => r.data);

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

/**
 * Every definition with the employment's value. The API has no "values of an employment" list,
 * so values are read one per field, in parallel (the page shows them all together).
 */
export async function listEmploymentCustomFields(api: ApiClient, employmentId: string): Promise<EmploymentCustomFieldEntry[]> {
  const fields = await listAllCustomFields(api);
  const values = await Promise.all(fields.map((f) => getCustomFieldValue(api, f.id, employmentId)));
  return fields.map((field, i) => ({ field, value: values[i]?.value ?? null }));
}
