import { beforeEach, describe, expect, it } from "vitest";
import {
  CUSTOM_FIELD_TYPES,
  CustomFieldListResponseSchema,
  CustomFieldResponseSchema,
  CustomFieldValueResponseSchema,
  EmploymentCustomFieldValueListResponseSchema,
  validateCustomFieldValue,
  type CustomField,
  type CustomFieldType,
} from "@/lib/contract";
import { outboxEvents } from "../../db/schema";
import { createTestGateway, type TestGateway } from "@/test-support/gateway/harness";
import { makeEmployment } from "@/test-support/gateway/factories";
import { fieldDifference, listItemOf, makePayrollWorld, readOfficialExample } from "@/test-support/gateway/payroll";

// GET/POST /v1/custom-fields, GET /v1/custom-fields/{id}, GET/PUT/PATCH /v1/custom-fields/{id}/values/{employment_id}.

let gw: TestGateway;
let w: Awaited<ReturnType<typeof makePayrollWorld>>;

beforeEach(async () => {
  gw = await createTestGateway();
  w = await makePayrollWorld(gw);
});

const createField = (body: unknown, token = w.a.tokens.admin) => gw.call("POST", "/v1/custom-fields", { token, body });
/** The provider's create body: its three required settings, `options` as `metadata.options`, a currency field's `metadata`. */
function providerBody({ options, ...body }: Record<string, unknown>): Record<string, unknown> {
  return {
    required: false,
    data_entry_access: "company_admin_only",
    visibility_scope: "everyone",
    ...(body.type === "currency" ? { metadata: { currency: "EUR" } } : {}),
    ...(options !== undefined ? { metadata: { options } } : {}),
    ...body,
  };
}
async function field(body: Record<string, unknown>, token = w.a.tokens.admin): Promise<CustomField> {
  const res = await createField(providerBody(body), token);
  expect(res.status, await res.clone().text()).toBe(200);
  return CustomFieldResponseSchema.parse(await res.json()).data.custom_field;
}
const valuePath = (fieldId: string, employmentId: string) => `/v1/custom-fields/${fieldId}/values/${employmentId}`;
const putValue = (fieldId: string, employmentId: string, body: unknown, token = w.a.tokens.admin, method = "PUT") =>
  gw.call(method, valuePath(fieldId, employmentId), { token, body });
const getValue = (fieldId: string, employmentId: string, token = w.a.tokens.admin) =>
  gw.call("GET", valuePath(fieldId, employmentId), { token });

/** A valid and an invalid value per type (the invalid one with a fragment of its message). */
const CASES: Record<CustomFieldType, { valid: unknown[]; invalid: [unknown, string][] }> = {
  string: {
    valid: ["UXH34HG", ""],
    invalid: [
      [42, "string"],
      ["x".repeat(256), "at most 255"],
    ],
  },
  text: {
    valid: ["A longer note.\nSecond line."],
    invalid: [
      [true, "string"],
      ["x".repeat(10_001), "at most 10000"],
    ],
  },
  integer: {
    valid: [7, -3, 0],
    invalid: [
      [1.5, "integer"],
      ["7", "integer"],
    ],
  },
  decimal: { valid: [0.75, 3], invalid: [["0.75", "number"]] },
  percentage: { valid: [12.5], invalid: [[{}, "number"]] },
  currency: {
    valid: [150000],
    invalid: [
      [{ amount: 150000, currency: "EUR" }, "minor units"],
      [1.5, "minor units"],
      ["150000", "minor units"],
    ],
  },
  date: {
    valid: ["2026-02-28"],
    invalid: [
      ["2026-02-30", "YYYY-MM-DD"],
      ["28/02/2026", "YYYY-MM-DD"],
      [20260228, "YYYY-MM-DD"],
    ],
  },
  boolean: { valid: [true, false], invalid: [["true", "true or false"]] },
  link: {
    valid: ["https://hris.example/people/42"],
    invalid: [
      ["ftp://x.example/a", "http"],
      ["not a url", "http"],
    ],
  },
  single_select: {
    valid: ["Engineering"],
    invalid: [
      ["Marketing", "one of"],
      [["Engineering"], "one of"],
    ],
  },
};

describe("POST /v1/custom-fields", () => {
  it("200 for every type (the provider's status); metadata: a select's options, a currency field's currency, else null", async () => {
    for (const type of CUSTOM_FIELD_TYPES) {
      const body = { name: `Field ${type}`, type, ...(type === "single_select" ? { options: ["Engineering", "Sales"] } : {}) };
      const f = await field(body);
      expect(f).toEqual({
        id: f.id,
        name: `Field ${type}`,
        type,
        required: false,
        data_entry_access: "company_admin_only",
        visibility_scope: "everyone",
        metadata: type === "single_select" ? { options: ["Engineering", "Sales"] } : type === "currency" ? { currency: "EUR" } : null,
      });
    }
    // The settings the provider accepts (issue 9: they were refused).
    const set = await field({
      name: "  Cost center  ",
      type: "string",
      required: true,
      data_entry_access: "everyone",
      visibility_scope: "company_admin_only",
    });
    expect(set).toMatchObject({
      name: "Cost center",
      required: true,
      data_entry_access: "everyone",
      visibility_scope: "company_admin_only",
    });
    expect(await field({ name: "Budget", type: "currency", metadata: {} })).toMatchObject({ metadata: { currency: null } });
    expect(await gw.deps.db.select().from(outboxEvents)).toHaveLength(0);
  });

  it("422: duplicate name (any case), blank name, unknown type, missing or misplaced options, duplicate options", async () => {
    await field({ name: "Internal ID", type: "string" });
    const errorsOf = async (body: unknown) => {
      const res = await createField(providerBody(body as Record<string, unknown>));
      expect(res.status, JSON.stringify(body)).toBe(422);
      return ((await res.json()) as { errors: Record<string, string[]> }).errors;
    };
    expect(await errorsOf({ name: "internal id", type: "integer" })).toEqual({ name: ["has already been taken"] });
    expect(Object.keys(await errorsOf({ name: "  ", type: "string" }))).toEqual(["name"]);
    expect(Object.keys(await errorsOf({ name: "X", type: "multi_select" }))).toEqual(["type"]);
    expect(await errorsOf({ name: "X", type: "single_select" })).toEqual({ "metadata.options": ["is required for a single_select field"] });
    expect(await errorsOf({ name: "X", type: "string", options: ["a"] })).toEqual({ metadata: ["is not allowed for a string field"] });
    expect(Object.keys(await errorsOf({ name: "X", type: "single_select", options: [] }))).toEqual(["metadata.options"]);
    expect(await errorsOf({ name: "X", type: "single_select", options: ["A", "a"] })).toEqual({
      "metadata.options": ["lists 'a' more than once"],
    });
    expect(await errorsOf({ name: "X", type: "currency", metadata: undefined })).toEqual({
      metadata: ["is required for a currency field"],
    });
    // The provider requires its three settings.
    const missing = await createField({ name: "X", type: "string" });
    expect(missing.status).toBe(422);
    expect(Object.keys(((await missing.json()) as { errors: object }).errors).sort()).toEqual([
      "data_entry_access",
      "required",
      "visibility_scope",
    ]);
    expect(Object.keys(await errorsOf({ name: "x".repeat(101), type: "string" }))).toEqual(["name"]);
  });

  it("the same name in another company is fine; 400 for an unknown property or no body", async () => {
    await field({ name: "Internal ID", type: "string" });
    await field({ name: "Internal ID", type: "string" }, w.b.tokens.admin);
    expect((await createField(providerBody({ name: "Y", type: "string", description: "not the provider's" }))).status).toBe(400);
    expect((await createField(undefined)).status).toBe(400);
  });

  it("403: without custom_field:write, and for roles that do not own company settings (people and onboarding managers)", async () => {
    const body = providerBody({ name: "Z", type: "string" });
    expect((await createField(body, await w.tokenWith(["custom_field:read", "custom_field_value:write"]))).status).toBe(403);
    expect((await createField(body, w.a.tokens.peopleManager)).status).toBe(403);
    expect((await createField(body, w.a.tokens.onboardingManager)).status).toBe(403);
    expect((await createField(body, w.a.tokens.owner)).status).toBe(200);
  });
});

describe("GET /v1/custom-fields and /{id}", () => {
  it("lists the company's definitions oldest first, paginated; never another company's", async () => {
    for (let i = 0; i < 5; i++) {
      await field({ name: `Field ${i}`, type: "string" });
      gw.clock.advance(1000);
    }
    await field({ name: "B's field", type: "boolean" }, w.b.tokens.admin);
    const page = async (q: string) => {
      const res = await gw.call("GET", `/v1/custom-fields${q}`, { token: w.a.tokens.admin });
      return { status: res.status, body: res.status === 200 ? CustomFieldListResponseSchema.parse(await res.json()).data : null };
    };
    const first = (await page("?page_size=2")).body!;
    expect(first).toMatchObject({ current_page: 1, total_count: 5, total_pages: 3 });
    expect(first.custom_fields.map((f) => f.name)).toEqual(["Field 0", "Field 1"]);
    expect((await page("?page=3&page_size=2")).body!.custom_fields.map((f) => f.name)).toEqual(["Field 4"]);
    expect((await page("?page=4&page_size=2")).body!.custom_fields).toEqual([]);
    for (const q of ["?page_size=0", "?page_size=101", "?page=-1"]) expect((await page(q)).status, q).toBe(400);
  });

  it("shows one definition; another company's is 404; 403 without custom_field:read", async () => {
    const f = await field({ name: "Cost center", type: "single_select", options: ["A", "B"] });
    const res = await gw.call("GET", `/v1/custom-fields/${f.id}`, { token: w.a.tokens.onboardingManager });
    expect(CustomFieldResponseSchema.parse(await res.json()).data.custom_field).toEqual(f);
    expect((await gw.call("GET", `/v1/custom-fields/${f.id}`, { token: w.b.tokens.admin })).status).toBe(404);
    expect((await gw.call("GET", `/v1/custom-fields/nope`, { token: w.a.tokens.admin })).status).toBe(404);
    expect((await gw.call("GET", `/v1/custom-fields`, { token: await w.tokenWith(["custom_field_value:read"]) })).status).toBe(403);
  });
});

describe("GET / PUT / PATCH /v1/custom-fields/{id}/values/{employment_id}", () => {
  it("a value is null until set; set, read back, replace (PATCH), clear with null", async () => {
    const f = await field({ name: "Internal ID", type: "string" });
    const read = async () =>
      CustomFieldValueResponseSchema.parse(await (await getValue(f.id, w.employee.id)).json()).data.custom_field_value;
    expect(await read()).toEqual({ custom_field_id: f.id, value: null });
    const res = await putValue(f.id, w.employee.id, { value: "UXH34HG" });
    expect(res.status).toBe(200);
    expect(CustomFieldValueResponseSchema.parse(await res.json()).data.custom_field_value.value).toBe("UXH34HG");
    expect((await read()).value).toBe("UXH34HG");
    expect((await putValue(f.id, w.employee.id, { value: "NEW-1" }, w.a.tokens.admin, "PATCH")).status).toBe(200);
    expect((await read()).value).toBe("NEW-1");
    expect((await putValue(f.id, w.employee.id, { value: null })).status).toBe(200);
    expect((await read()).value).toBeNull();
  });

  it("values are checked against the field's type: 422 on `value` otherwise", async () => {
    for (const type of CUSTOM_FIELD_TYPES) {
      const f = await field({ name: `F ${type}`, type, ...(type === "single_select" ? { options: ["Engineering", "Sales"] } : {}) });
      for (const value of CASES[type].valid) {
        const res = await putValue(f.id, w.employee.id, { value });
        expect(res.status, `${type} ${JSON.stringify(value)}`).toBe(200);
        const back = CustomFieldValueResponseSchema.parse(await (await getValue(f.id, w.employee.id)).json()).data.custom_field_value.value;
        // A select's value comes back as the provider's {selected_option, selected_option_label}.
        expect(back, type).toEqual(type === "single_select" ? { selected_option: value, selected_option_label: value } : value);
      }
      for (const [value, message] of CASES[type].invalid) {
        const res = await putValue(f.id, w.employee.id, { value });
        expect(res.status, `${type} ${JSON.stringify(value).slice(0, 40)}`).toBe(422);
        const body = (await res.json()) as { errors: Record<string, string[]> };
        expect(Object.keys(body.errors)).toEqual(["value"]);
        expect(body.errors.value![0]).toContain(message);
      }
    }
  });

  it("422 when `value` is missing; 400 for another property", async () => {
    const f = await field({ name: "Internal ID", type: "string" });
    const missing = await putValue(f.id, w.employee.id, {});
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({ errors: { value: ["is required"] } });
    expect((await putValue(f.id, w.employee.id, { value: "a", note: "b" })).status).toBe(400);
  });

  it("404 for another company's field or employment (read and write), and an unknown employment", async () => {
    const f = await field({ name: "Internal ID", type: "string" });
    const fb = await field({ name: "Internal ID", type: "string" }, w.b.tokens.admin);
    expect((await getValue(f.id, w.employeeB.id)).status).toBe(404);
    expect((await getValue(fb.id, w.employee.id)).status).toBe(404);
    expect((await putValue(f.id, w.employeeB.id, { value: "x" })).status).toBe(404);
    expect((await putValue(fb.id, w.employee.id, { value: "x" })).status).toBe(404);
    expect((await getValue(f.id, crypto.randomUUID())).status).toBe(404);
    const deleted = await makeEmployment(gw.deps.db, w.a.company.id, { status: "deleted" });
    expect((await putValue(f.id, deleted.id, { value: "x" })).status).toBe(404);
  });

  it("403: scopes per operation; writing roles, people managers for their reports only", async () => {
    const f = await field({ name: "Internal ID", type: "string" });
    expect((await getValue(f.id, w.employee.id, await w.tokenWith(["custom_field:read"]))).status).toBe(403);
    expect(
      (await putValue(f.id, w.employee.id, { value: "x" }, await w.tokenWith(["custom_field_value:read", "custom_field:write"]))).status,
    ).toBe(403);
    expect((await putValue(f.id, w.employee.id, { value: "x" }, w.a.tokens.onboardingManager)).status).toBe(403);
    const notReport = await w.activeEmployee(w.a.company.id, w.a.owner.id);
    expect((await putValue(f.id, notReport.id, { value: "x" }, w.a.tokens.peopleManager)).status).toBe(403);
    expect((await putValue(f.id, w.employee.id, { value: "x" }, w.a.tokens.peopleManager)).status).toBe(200);
    expect((await getValue(f.id, notReport.id, w.a.tokens.onboardingManager)).status).toBe(200);
  });

  it("contractors and archived employments keep custom values (company metadata, not an employment operation)", async () => {
    const f = await field({ name: "Internal ID", type: "string" });
    const contractor = await makeEmployment(gw.deps.db, w.a.company.id, { type: "contractor", employmentModel: null });
    const archived = await makeEmployment(gw.deps.db, w.a.company.id, { status: "archived" });
    expect((await putValue(f.id, contractor.id, { value: "C-1" })).status).toBe(200);
    expect((await putValue(f.id, archived.id, { value: "A-1" })).status).toBe(200);
  });
});

describe("GET /v1/employments/{employment_id}/custom-fields (the provider's list of an employment's values)", () => {
  it("every definition, oldest first, with the employment's value (null when unset; a select as its option object)", async () => {
    const id = await field({ name: "Internal ID", type: "string" });
    gw.clock.advance(1000);
    const size = await field({ name: "T-Shirt", type: "single_select", options: ["M", "XL"] });
    gw.clock.advance(1000);
    const desk = await field({ name: "Desk", type: "integer" });
    await field({ name: "B only", type: "string" }, w.b.tokens.admin);
    await putValue(id.id, w.employee.id, { value: "UXH34HG" });
    await putValue(size.id, w.employee.id, { value: "XL" });
    const res = await gw.call("GET", `/v1/employments/${w.employee.id}/custom-fields`, {
      token: await w.tokenWith(["custom_field_value:read"]),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(EmploymentCustomFieldValueListResponseSchema.parse(await res.json()).data).toEqual({
      custom_field_values: [
        { custom_field_id: id.id, name: "Internal ID", type: "string", value: "UXH34HG" },
        { custom_field_id: size.id, name: "T-Shirt", type: "single_select", value: { selected_option: "XL", selected_option_label: "XL" } },
        { custom_field_id: desk.id, name: "Desk", type: "integer", value: null },
      ],
      current_page: 1,
      total_count: 3,
      total_pages: 1,
    });
    const page2 = await gw.call("GET", `/v1/employments/${w.employee.id}/custom-fields?page=2&page_size=2`, { token: w.a.tokens.admin });
    expect(EmploymentCustomFieldValueListResponseSchema.parse(await page2.json()).data.custom_field_values.map((v) => v.name)).toEqual([
      "Desk",
    ]);
  });

  it("404 for another company's employment; 403 without a value scope; 400 for a bad page", async () => {
    const get = (employmentId: string, token = w.a.tokens.admin, q = "") =>
      gw.call("GET", `/v1/employments/${employmentId}/custom-fields${q}`, { token });
    expect((await get(w.employeeB.id)).status).toBe(404);
    expect((await get(w.employee.id, await w.tokenWith(["custom_field:read"]))).status).toBe(403);
    expect((await get(w.employee.id, w.a.tokens.admin, "?page_size=0")).status).toBe(400);
  });
});

describe("validateCustomFieldValue (shared with the console)", () => {
  it("null always fits", () => {
    for (const type of CUSTOM_FIELD_TYPES) expect(validateCustomFieldValue({ type, options: ["a"] }, null)).toBeNull();
  });
});

describe("custom field shapes against the provider's examples", () => {
  it("definition and value: every official field; the extras are the documented ones", async (ctx) => {
    const listed = readOfficialExample("ListEmploymentCustomFieldsResponse");
    const value = readOfficialExample("EmploymentCustomFieldValueResponse") as { data: { custom_field_value: object } } | null;
    if (!listed || !value) {
      ctx.skip("official examples not found (../shared/fixtures)");
      return;
    }
    const f = await field({ name: "Internal ID", type: "string" });
    // Beyond the 2024 example: the provider's current fields (types.gen.ts EmploymentCustomField).
    expect(fieldDifference(f, listItemOf(listed, "custom_fields"))).toEqual({
      extra: ["data_entry_access", "metadata", "required", "visibility_scope"],
      missing: [],
    });
    // The example's type "string" is one of ours.
    expect(CUSTOM_FIELD_TYPES).toContain((listItemOf(listed, "custom_fields") as { type: CustomFieldType }).type);
    await putValue(f.id, w.employee.id, { value: "UXH34HG" });
    const ours = CustomFieldValueResponseSchema.parse(await (await getValue(f.id, w.employee.id)).json()).data.custom_field_value;
    expect(fieldDifference(ours, value.data.custom_field_value)).toEqual({ extra: [], missing: [] });
  });
});
