import { z } from "zod";
import {
  COMPANY_ROLES,
  COMPANY_STATUSES,
  CONTRACTOR_TYPES,
  EMPLOYMENT_MODELS,
  EMPLOYMENT_STATUSES,
  EMPLOYMENT_TYPES,
  ENVIRONMENTS,
  FORM_NAMES,
  LIFECYCLE_STAGES,
  USER_STATUSES,
} from "./enums";

// The zod enums of enums.ts (kept apart so that importing an enumeration does not load zod).

export const EmploymentTypeSchema = z.enum(EMPLOYMENT_TYPES);
export const EmploymentModelSchema = z.enum(EMPLOYMENT_MODELS);
export const EmploymentStatusSchema = z.enum(EMPLOYMENT_STATUSES);
export const LifecycleStageSchema = z.enum(LIFECYCLE_STAGES);
export const UserStatusSchema = z.enum(USER_STATUSES);
export const ContractorTypeSchema = z.enum(CONTRACTOR_TYPES);
export const CompanyStatusSchema = z.enum(COMPANY_STATUSES);
export const CompanyRoleSchema = z.enum(COMPANY_ROLES);
export const FormNameSchema = z.enum(FORM_NAMES);
export const EnvironmentSchema = z.enum(ENVIRONMENTS);
