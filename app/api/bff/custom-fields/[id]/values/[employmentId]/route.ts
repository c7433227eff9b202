import { z } from "zod";
import { bffHandler } from "@/lib/console/server/bff";
import { setCustomFieldValue } from "@/lib/console/server/custom-fields/api";
import { CustomFieldValueInputSchema } from "@/lib/contract";

// PUT /api/bff/custom-fields/{id}/values/{employment_id} — sets (null: clears) an employment's value
// (PUT /v1/custom-fields/{id}/values/{employment_id}); the API checks it against the field's type.
export const PUT = bffHandler(
  async ({ api, params, body }) => {
    return setCustomFieldValue(api, params.id!, params.employmentId!, body.value);
  },
  { body: z.strictObject({ value: CustomFieldValueInputSchema }) },
);
