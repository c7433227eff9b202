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

describe("date messages", () => {
  it("the console names a date bound as it writes dates (8 Mar 2026), not as the API sends it", () => {
    const dated: JsonSchema = {
      type: "object",
      properties: {
        start: { title: "Start", type: "string", format: "date", "x-jsf-presentation": { inputType: "date", minDate: "2026-03-08" } },
      },
    };
    expect(validateFormValues(dated, { start: "2026-03-01" })?.start).toEqual(["Choose 8 Mar 2026 or a later date"]);
    expect(validateFormData(dated, { start: "2026-03-01" })?.start).toEqual(["must be 2026-03-08 or later"]);
  });
});
