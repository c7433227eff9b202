import { radio } from "../schema/fields";
import type { FormParts } from "../schema/form";
import type { CountryProfile } from "./profile";

// pricing_plan_details: spec 2.1 fixes its one field, `frequency` (annually | monthly).

export function pricingPlan(p: CountryProfile): FormParts {
  return {
    properties: {
      frequency: radio({
        title: "Billing frequency of management fees",
        options: [
          ["monthly", "Monthly", "Fees are invoiced every month."],
          ["annually", "Annually", "Fees are invoiced once a year, at a discount."],
        ],
        presentation: {
          statement: {
            title: `Fees for ${p.name} are invoiced in your company's billing currency.`,
            severity: "info",
          },
        },
      }),
    },
    required: ["frequency"],
    example: (v) => ({ frequency: v % 3 === 2 ? "annually" : "monthly" }),
  };
}
