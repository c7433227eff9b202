import { z } from "zod";
import { CONTRACTOR_TYPES } from "./enums";

export const CountrySubdivisionSchema = z.object({
  name: z.string(),
  code: z.string().optional(),
  subdivision_type: z.string().optional(),
});

/** Country of spec 2.2. */
export const CountrySchema = z.object({
  alpha_2_code: z.string().length(2),
  code: z.string().length(3),
  name: z.string(),
  region: z.string().optional(),
  subregion: z.string().nullable().optional(),
  contractor_products_available: z.array(z.enum(CONTRACTOR_TYPES)).optional(),
  country_subdivisions: z.array(CountrySubdivisionSchema).nullable().optional(),
  employment_agreement_preview_available: z.boolean().optional(),
  eor_onboarding: z.boolean().optional(),
  locked_benefits: z.string().optional(),
  supported_json_schemas: z.array(z.string()).optional(),
});
export type Country = z.infer<typeof CountrySchema>;

/** The country of a list item: codes and name only, as the real service's MinimalCountry. */
export const MinimalCountrySchema = CountrySchema.pick({ alpha_2_code: true, code: true, name: true });
export type MinimalCountry = z.infer<typeof MinimalCountrySchema>;

/** `GET /v1/countries` answers `{data: [Country]}` as the real service does. */
export const CountriesResponseSchema = z.object({ data: z.array(CountrySchema) });

/** `GET /v1/countries/{code}/{form}` answers `{data: <JSON Schema>}`. */
export const FormResponseSchema = z.object({ data: z.record(z.string(), z.unknown()) });

export const FormQuerySchema = z.object({
  json_schema_version: z
    .union([z.literal("latest"), z.string().regex(/^[0-9]+$/, "json_schema_version must be an integer or 'latest'")])
    .optional(),
});
