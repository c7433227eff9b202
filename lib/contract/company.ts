import { z } from "zod";
import { CompanyRoleSchema, CompanyStatusSchema } from "./enums";
import { listEnvelopeSchema, resourceEnvelopeSchema } from "./pagination";

export const CompanySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: CompanyStatusSchema,
  country_code: z.string().length(3).nullable(),
  created_at: z.iso.datetime(),
  /** As on the real CompanyResponse: the company's owner (null when it has none yet). */
  company_owner_name: z.string().nullable().optional(),
  company_owner_email: z.string().nullable().optional(),
});
export type Company = z.infer<typeof CompanySchema>;
export const CompaniesResponseSchema = listEnvelopeSchema("companies", CompanySchema);
export const CompanyResponseSchema = resourceEnvelopeSchema("company", CompanySchema);

export const DepartmentSchema = z.object({ id: z.uuid(), name: z.string(), company_id: z.uuid() });
export type Department = z.infer<typeof DepartmentSchema>;
export const DepartmentListResponseSchema = listEnvelopeSchema("company_departments", DepartmentSchema);
export const DepartmentResponseSchema = resourceEnvelopeSchema("company_department", DepartmentSchema);
export const DepartmentListQuerySchema = z.object({ company_id: z.string().optional() });
export const CreateDepartmentBodySchema = z.strictObject({
  company_id: z.string().optional(),
  name: z.string().trim().min(1, "can't be blank").max(255, "must be at most 255 characters"),
});

export const CompanyManagerSchema = z.object({
  company_id: z.uuid(),
  user_id: z.uuid(),
  user_name: z.string(),
  user_email: z.string(),
  role: CompanyRoleSchema,
});
export type CompanyManager = z.infer<typeof CompanyManagerSchema>;
export const CompanyManagerListResponseSchema = listEnvelopeSchema("company_managers", CompanyManagerSchema);
export const CompanyManagerResponseSchema = resourceEnvelopeSchema("company_manager", CompanyManagerSchema);
export const CompanyManagerListQuerySchema = z.object({ company_id: z.string().optional() });
export const CreateCompanyManagerBodySchema = z.strictObject({
  name: z.string().trim().min(1, "can't be blank").max(255),
  email: z.email("must be a valid email address"),
  role: CompanyRoleSchema,
  company_id: z.string().optional(),
});

export const IdentitySchema = z.object({
  data: z.object({
    user: z.object({ id: z.uuid(), name: z.string(), email: z.string(), status: z.string() }).nullable(),
    company: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    client_id: z.string().nullable(),
  }),
});
export type Identity = z.infer<typeof IdentitySchema>;
