import { describe, expect, it } from "vitest";
import { money } from "@/lib/gateway/forms/schema/fields";
import { validateFormData, validateFormValues } from "./validate";
import type { JsonSchema } from "./types";

// A money field as the API's country forms declare it (integer minor units, shown in EUR).
const schema: JsonSchema = {
  type: "object",
  properties: { bonus_amount: money({ title: "Bonus amount", currency: "EUR" }) },
};

describe("money messages", () => {
  it("a money amount the console cannot read asks for the amount as typed, never for cents", () => {
    // The console's money input keeps text that is not an amount as text: validation reports a type error.
    const errors = validateFormValues(schema, { bonus_amount: "12.345" });
    expect(errors?.bonus_amount).toEqual(["Enter the amount in EUR, e.g. 1,500.00"]);
    expect(JSON.stringify(errors)).not.toMatch(/cents/);
  });

  it("the API tells its callers that money is an integer of cents", () => {
    expect(validateFormData(schema, { bonus_amount: 12.5 })?.bonus_amount).toEqual([
      "Enter the amount in EUR cents, as an integer (e.g. 150000 for 1,500.00 EUR).",
    ]);
  });
});
