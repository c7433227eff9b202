import { describe, expect, it } from "vitest";
import { expectCheckMatchesSchema } from "@/test-support/form-check";
import { checkInviteManagerForm, ownerCount, splitInviteErrors, toInviteBody, type InviteManagerFormValues } from "./invite-form";
import { InviteManagerFormSchema } from "./invite-form-schema";

describe("invite a company manager", () => {
  it("checks name, email and role as the contract does", () => {
    const issues = (v: object) =>
      InviteManagerFormSchema.safeParse({ name: "Ana", email: "ana@example.com", role: "admin", ...v }).error?.issues.map(
        (i) => `${i.path.join(".")}: ${i.message}`,
      ) ?? [];
    expect(issues({})).toEqual([]);
    expect(issues({ name: " " })).toEqual(["name: can't be blank"]);
    expect(issues({ email: "ana" })).toEqual(["email: must be a valid email address"]);
    expect(issues({ email: "" })).toEqual(["email: can't be blank"]);
    expect(issues({ role: "boss" })).toHaveLength(1);
    expect(toInviteBody({ name: " Ana ", email: " ana@example.com ", role: "owner" })).toEqual({
      name: "Ana",
      email: "ana@example.com",
      role: "owner",
    });
  });

  it("the browser's check (no zod) answers as the zod schema does, message for message", () => {
    const samples: Array<Partial<Record<keyof InviteManagerFormValues, unknown>>> = [
      {},
      { name: " " },
      { name: "x".repeat(256) },
      { name: ` ${"x".repeat(255)} ` },
      { email: "ana" },
      { email: "" },
      { email: "  " },
      { email: " ana@example.com " },
      { email: "a..b@example.com" },
      { email: "ana@example" },
      { email: "o'neil+tag@sub.example.co" },
      { role: "boss" },
      { role: "owner" },
      { name: "", email: "x", role: "nope" },
    ];
    expectCheckMatchesSchema(
      InviteManagerFormSchema,
      checkInviteManagerForm,
      samples.map((sample) => ({ name: "Ana", email: "ana@example.com", role: "admin", ...sample }) as InviteManagerFormValues),
    );
  });

  it("puts the API's 422 errors on the fields", () => {
    expect(splitInviteErrors({ email: ["has already been taken"], company_id: ["nope"] })).toEqual({
      byField: { email: "has already been taken" },
      other: ["company_id: nope"],
    });
  });

  it("counts owners only when the whole list is on the page", () => {
    const list = [{ role: "owner" as const }, { role: "admin" as const }];
    expect(ownerCount(list, 1)).toBe(1);
    expect(ownerCount(list, 2)).toBeNull();
  });
});
