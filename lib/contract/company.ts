import { z } from "zod";
import { CompanyRoleSchema, CompanyStatusSchema } from "./enum-schemas";
import { listEnvelopeSchema, resourceEnvelopeSchema } from "./pagination";

export const CREDIT_RISK_STATUSES = [
  "not_started",
  "ready",
  "in_progress",
  "referred",
  "fail",
  "deposit_required",
  "no_deposit_required",
] as const;

/** The provider's Company (types.gen.ts `Company`): optional fields absent when unset. */
export const CompanySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: CompanyStatusSchema,
  /** ISO 3166-1 alpha-3 country of registration. */
  country_code: z.string(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  address_details: z.record(z.string(), z.unknown()),
  bank_account_details: z.record(z.string(), z.unknown()).optional(),
  company_owner_email: z.string(),
  company_owner_name: z.string().optional(),
  company_owner_user_id: z.string(),
  default_legal_entity_credit_risk_status: z.enum(CREDIT_RISK_STATUSES),
  /** ISO 4217 code the company is billed in. */
  desired_currency: z.string(),
  external_id: z.string().nullable().optional(),
  phone_number: z.string().optional(),
  registration_number: z.string().nullable().optional(),
  tax_number: z.string().nullable().optional(),
  terms_of_service_accepted_at: z.iso.datetime(),
});
export type Company = z.infer<typeof CompanySchema>;
/** `GET /v1/companies` answers `{companies: [...]}`, neither wrapped in `data` nor paginated (the provider's CompaniesResponse). */
export const CompaniesResponseSchema = z.object({ companies: z.array(CompanySchema) });
export const CompaniesQuerySchema = z.object({ external_id: z.string().optional() });
export const CompanyResponseSchema = resourceEnvelopeSchema("company", CompanySchema);

export const DepartmentSchema = z.object({ id: z.uuid(), name: z.string(), company_id: z.uuid() });
export type Department = z.infer<typeof DepartmentSchema>;
/** The provider's ListCompanyDepartmentsPaginatedResponse: pagination beside `data`, not inside it. */
export const DepartmentListResponseSchema = z.object({
  data: z.object({ company_departments: z.array(DepartmentSchema) }),
  current_page: z.number().int(),
  total_count: z.number().int(),
  total_pages: z.number().int(),
});
/** The provider's CompanyDepartmentCreatedResponse: `{company_department}`, no `data`. */
export const DepartmentResponseSchema = z.object({ company_department: DepartmentSchema });
export const DepartmentListQuerySchema = z.object({
  company_id: z.string().optional(),
  /** The provider's switch: `false` answers every department on one page. */
  paginate: z.enum(["true", "false"]).optional(),
});
/** The provider's CreateCompanyDepartmentParams; `company_id` may be left out with a company token (its own company). */
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
/** `GET /v1/company-managers/{user_id}`: `{data: {company_manager}}` (the provider's CompanyManagerResponse). */
export const CompanyManagerResponseSchema = resourceEnvelopeSchema("company_manager", CompanyManagerSchema);
/** `POST /v1/company-managers`: `{company_manager}` without `data` (the provider's CompanyManagerData). */
export const CompanyManagerCreatedResponseSchema = z.object({ company_manager: CompanyManagerSchema });
export const CompanyManagerListQuerySchema = z.object({ company_id: z.string().optional() });
export const CreateCompanyManagerBodySchema = z.strictObject({
  name: z.string().trim().min(1, "can't be blank").max(255),
  email: z.email("must be a valid email address"),
  role: CompanyRoleSchema,
  company_id: z.string().optional(),
});

export const IdentityUserSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string(), status: z.string() });
export const IdentityCompanySchema = z.object({ id: z.uuid(), name: z.string() });
export const IdentityIntegrationSchema = z.object({ name: z.string(), display_name: z.string(), contact_email: z.string() });

/**
 * `GET /v1/identity/current` (the provider's IdentityCurrentResponse, one of three shapes): a Customer
 * API token gives `{user, company}`; a client-credentials token `{client_id, integration}`; an
 * authorization-code token all four. Absent, never null, where the token has no such party.
 */
export const IdentitySchema = z.object({
  data: z.object({
    user: IdentityUserSchema.optional(),
    company: IdentityCompanySchema.optional(),
    client_id: z.string().optional(),
    integration: IdentityIntegrationSchema.optional(),
  }),
});
export type Identity = z.infer<typeof IdentitySchema>;
