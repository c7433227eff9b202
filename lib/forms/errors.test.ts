import { describe, expect, it } from "vitest";
import { fromErrorSchema, mapServerErrors, mergeFieldErrors, toErrorSchema } from "./errors";

describe("errors of the API and of the form", () => {
  it("strips the section prefix of the API's 422 errors", () => {
    expect(
      mapServerErrors(
        {
          "personal_details.birth_date": ["is required"],
          "personal_details.address.city": ["is too long"],
          personal_details: ["is invalid"],
          manager_id: ["unknown"],
        },
        "personal_details",
      ),
    ).toEqual({ birth_date: ["is required"], "address.city": ["is too long"], "": ["is invalid"], manager_id: ["unknown"] });
  });

  it("maps a bank account sent as a list item", () => {
    expect(mapServerErrors({ "bank_account_details.0.iban": ["is invalid"] }, "bank_account_details")).toEqual({ iban: ["is invalid"] });
  });

  it("does not strip a longer name sharing the prefix", () => {
    expect(mapServerErrors({ "contract_details_x.a": ["no"] }, "contract_details")).toEqual({ "contract_details_x.a": ["no"] });
  });

  it("converts to RJSF's ErrorSchema and back", () => {
    const errors = { a: ["one"], "b.c": ["two", "three"], "": ["form"] };
    const tree = toErrorSchema(errors);
    expect(tree).toEqual({ __errors: ["form"], a: { __errors: ["one"] }, b: { c: { __errors: ["two", "three"] } } });
    expect(fromErrorSchema(tree)).toEqual(errors);
  });

  it("merges sets without repeats", () => {
    expect(mergeFieldErrors({ a: ["x"] }, { a: ["x", "y"], b: ["z"] }, null)).toEqual({ a: ["x", "y"], b: ["z"] });
  });
});
