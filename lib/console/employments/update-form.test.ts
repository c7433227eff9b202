import { describe, expect, it } from "vitest";
import type { CompanyManager } from "@/lib/contract";
import { managerOptions, splitUpdateFieldErrors, toUpdateBody, UpdateEmploymentFormSchema, updateFormDefaults } from "./update-form";
import { makeEmployment } from "@/test-support/console/employment-fixtures";

const OWNER: CompanyManager = {
  company_id: "6f1f0c6e-7a1e-4f0e-8f4e-3b9a2c1d0e22",
  user_id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  user_name: "Ada Owner",
  user_email: "Owner@acme.example",
  role: "owner",
};
const defaults = updateFormDefaults(makeEmployment(), [OWNER]);

describe("update employment form", () => {
  it("starts from the employment's values; the manager's user id comes from the managers list, by email", () => {
    expect(defaults).toEqual({
      department_id: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
      manager_id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
      external_id: "HR-42",
      work_email: "zoe@acme.example",
    });
    expect(updateFormDefaults(makeEmployment({ department_id: null, manager_email: null, external_id: undefined }), [OWNER])).toMatchObject(
      {
        department_id: "",
        manager_id: "",
        external_id: "",
      },
    );
    // Without the list (it failed or is loading), the manager is left as it is.
    expect(updateFormDefaults(makeEmployment()).manager_id).toBe("");
  });

  it("validates with the contract's rules", () => {
    expect(UpdateEmploymentFormSchema.safeParse({ ...defaults, external_id: "x".repeat(65) }).error?.issues[0]).toMatchObject({
      path: ["external_id"],
      message: "must be at most 64 characters",
    });
    expect(UpdateEmploymentFormSchema.safeParse({ ...defaults, work_email: "nope" }).error?.issues[0]).toMatchObject({
      path: ["work_email"],
    });
    expect(UpdateEmploymentFormSchema.safeParse({ ...defaults, work_email: " " }).error?.issues[0]).toMatchObject({
      message: "can't be blank",
    });
    expect(UpdateEmploymentFormSchema.safeParse({ ...defaults, external_id: "x".repeat(64) }).success).toBe(true);
  });

  it("sends what changed, and external_id always", () => {
    expect(toUpdateBody(defaults, defaults)).toEqual({ external_id: "HR-42" });
    expect(toUpdateBody({ ...defaults, department_id: "", external_id: " " }, defaults)).toEqual({
      department_id: null,
      external_id: null,
    });
    expect(toUpdateBody({ ...defaults, manager_id: "u2", work_email: " new@acme.example " }, defaults)).toEqual({
      manager_id: "u2",
      external_id: "HR-42",
      work_email: "new@acme.example",
    });
    // "" for the manager leaves it as it is: the API can't unassign a manager.
    expect(toUpdateBody({ ...defaults, manager_id: "" }, defaults)).toEqual({ external_id: "HR-42" });
  });

  it("offers owners, admins and people managers as managers", () => {
    const m = (user_id: string, user_name: string, role: CompanyManager["role"]): CompanyManager => ({
      company_id: "6f1f0c6e-7a1e-4f0e-8f4e-3b9a2c1d0e22",
      user_id,
      user_name,
      user_email: `${user_name.toLowerCase()}@acme.example`,
      role,
    });
    const managers = [
      m("u1", "Zed", "owner"),
      m("u2", "Ann", "people_manager"),
      m("u3", "Bob", "onboarding_manager"),
      m("u4", "Cy", "admin"),
    ];
    expect(managerOptions(managers).map((o) => o.value)).toEqual(["u2", "u4", "u1"]);
    expect(managerOptions(managers)[0]?.label).toBe("Ann (ann@acme.example) · People manager");
    expect(managerOptions(managers, { id: "u3", name: "Bob" })[0]).toEqual({
      value: "u3",
      label: "Bob · current, not a manager candidate",
    });
  });

  it("puts 422 errors on their fields and keeps the rest for the banner", () => {
    expect(
      splitUpdateFieldErrors({
        department_id: ["does not belong to the company"],
        "body.manager_id": ["must be a manager"],
        base: ["nope"],
      }),
    ).toEqual({
      byField: { department_id: "does not belong to the company", manager_id: "must be a manager" },
      other: ["base: nope"],
    });
    expect(splitUpdateFieldErrors(undefined)).toEqual({ byField: {}, other: [] });
  });
});
