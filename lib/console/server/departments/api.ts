import "server-only";
import { DepartmentResponseSchema } from "@/lib/contract";
import { fetchAllPages, type ApiClient } from "@/lib/console/server/api-client";
import { read } from "@/lib/console/api-read";

// The company departments (spec 4.2) over the console's typed client. The provider requires
// company_id on both calls (GetV1CompanyDepartmentsData, CreateCompanyDepartmentParams): the client's.

/** A page of departments, as the provider answers it: the page fields beside `data`. */
export const listDepartments = (api: ApiClient, q: { page?: number; page_size?: number } = {}) =>
  api.json(read.departments, "GET", "v1/company-departments", { query: { company_id: api.companyId, ...q } });

/** Every department of the company (the employment forms' select needs them all). */
export const listAllDepartments = (api: ApiClient) =>
  fetchAllPages(async (page) => {
    const r = await listDepartments(api, { page, page_size: 100 });
    return { items: r.data.company_departments, totalPages: r.total_pages };
  });

export const createDepartment = (api: ApiClient, name: string) =>
  api
    .json(DepartmentResponseSchema, "POST", "v1/company-departments", {
      body: api.companyId ? { company_id: api.companyId, name } : { name },
    })
    .then((r) => r.company_department);
