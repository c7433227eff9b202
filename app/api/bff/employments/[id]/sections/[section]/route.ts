import { z } from "zod";
import { bffHandler } from "@/lib/console/server/bff";
import { ApiRequestError } from "@/lib/console/api-errors";
import { EMPLOYMENT_SECTIONS, type EmploymentSection } from "@/lib/contract";
import { updateEmployment } from "@/lib/console/server/employments/api";

// PATCH /api/bff/employments/{id}/sections/{section} — one country-form section of an employment
// (PATCH /v1/employments/{id} with {<section>: data}). The body is the section's data.

const SectionDataSchema = z.union([z.record(z.string(), z.unknown()), z.array(z.record(z.string(), z.unknown()))]);

export const PATCH = bffHandler(
  async ({ api, params, body }) => {
    const section = params.section ?? "";
    if (!(EMPLOYMENT_SECTIONS as readonly string[]).includes(section)) {
      throw new ApiRequestError({ kind: "not_found", status: 404, message: `Unknown employment section "${section}"`, requestId: null });
    }
    if (Array.isArray(body) && section !== "bank_account_details") {
      throw new ApiRequestError({
        kind: "validation",
        status: 422,
        message: `${section} must be an object`,
        requestId: null,
        fieldErrors: { [section]: ["must be an object"] },
      });
    }
    return updateEmployment(api, params.id!, { [section as EmploymentSection]: body });
  },
  { body: SectionDataSchema },
);
