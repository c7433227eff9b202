import { describe, expect, it } from "vitest";
import {
  CustomFieldDefinitionFormSchema,
  optionsError,
  parseOptions,
  splitDefinitionErrors,
  toCreateCustomFieldBody,
} from "./definition-form";

describe("new custom field form", () => {
  const settings = { required: "false", data_entry_access: "company_admin_only", visibility_scope: "everyone", currency: "" } as const;
  const sent = { required: false, data_entry_access: "company_admin_only", visibility_scope: "everyone" };
  it("sends the provider's body: metadata.options only for a single choice, metadata.currency for a currency field", () => {
    expect(toCreateCustomFieldBody({ ...settings, name: " Cost center ", type: "single_select", options: "A\n\n B \r\nC" })).toEqual({
      name: "Cost center",
      type: "single_select",
      ...sent,
      metadata: { options: ["A", "B", "C"] },
    });
    expect(toCreateCustomFieldBody({ ...settings, name: "Desk", type: "integer", options: "left over", required: "true" })).toEqual({
      name: "Desk",
      type: "integer",
      ...sent,
      required: true,
    });
    expect(toCreateCustomFieldBody({ ...settings, name: "Budget", type: "currency", options: "", currency: "eur" })).toEqual({
      name: "Budget",
      type: "currency",
      ...sent,
      metadata: { currency: "EUR" },
    });
  });

  it("checks the contract's rules on the inputs", () => {
    const issues = (v: object) =>
      CustomFieldDefinitionFormSchema.safeParse({
        name: "N",
        type: "string",
        required: "false",
        data_entry_access: "everyone",
        visibility_scope: "everyone",
        options: "",
        currency: "",
        ...v,
      }).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`) ?? [];
    expect(issues({ name: "  " })).toEqual(["name: can't be blank"]);
    expect(issues({ name: "x".repeat(101) })).toEqual(["name: must be at most 100 characters"]);
    expect(issues({ type: "single_select" })).toEqual(["options: list at least one option, one per line"]);
    expect(issues({ type: "single_select", options: "A\na" })).toEqual(["options: “a” is listed more than once"]);
    expect(issues({ type: "multi_select" })).toHaveLength(1);
    expect(issues({ type: "currency", currency: "EURO" })).toEqual(["currency: must be a three-letter ISO 4217 code, e.g. EUR"]);
    expect(issues({})).toEqual([]);
  });

  it("parses and checks options", () => {
    expect(parseOptions("")).toEqual([]);
    expect(optionsError(Array.from({ length: 101 }, (_, i) => `o${i}`))).toBe("at most 100 options");
    expect(optionsError(["x".repeat(101)])).toMatch(/longer than 100/);
    expect(optionsError(["A", "B"])).toBeNull();
  });

  it("puts the API's 422 errors on the form's fields", () => {
    expect(
      splitDefinitionErrors({
        name: ["has already been taken"],
        "metadata.options.1": ["can't be blank"],
        "body.type": ["bad"],
        foo: ["bar"],
      }),
    ).toEqual({
      byField: { name: "has already been taken", options: "can't be blank", type: "bad" },
      other: ["foo: bar"],
    });
  });
});
