import { createElement } from "react";
import { renderToString } from "react-dom/server";
import ajv8Validator from "@rjsf/validator-ajv8";
import type { RJSFSchema } from "@rjsf/utils";
import { describe, expect, it } from "vitest";
import { createFormModel, type FormValues } from "@/lib/forms";
import { compileSchema } from "@/lib/forms/ajv";
import { CountryForm } from "./country-form";
import { createCustomValidate, dropSkeletonErrors } from "./rjsf-validation";
import { skeletonValidator as validator } from "./rjsf-validator";
import { summaryItems } from "./templates";

// The RJSF theme of the x-jsf dialect, server-rendered (react-dom/server renderToString): a widget
// per inputType, fieldsets, statements, hidden fields, the error summary; and the validation as
// RJSF runs it (the form's validator, rjsf-validator.ts, with the adapter's customValidate).

const schema = {
  type: "object",
  additionalProperties: false,
  required: ["name", "salary", "schedule", "ack", "address"],
  properties: {
    name: { title: "Full name", type: "string", maxLength: 255, "x-jsf-presentation": { inputType: "text" } },
    bio: { title: "About", type: ["string", "null"], "x-jsf-presentation": { inputType: "textarea" } },
    email: { title: "Email", type: "string", format: "email", "x-jsf-presentation": { inputType: "email" } },
    phone: { title: "Phone", type: "string", pattern: "^\\+[1-9][0-9]{6,14}$", "x-jsf-presentation": { inputType: "tel" } },
    start_time: { title: "Starts at", type: "string", "x-jsf-presentation": { inputType: "time" } },
    start_date: {
      title: "Start date",
      type: "string",
      format: "date",
      "x-jsf-presentation": { inputType: "date", minDate: "2030-01-01", maxDate: "2030-12-31" },
    },
    hours: { title: "Hours", type: "number", minimum: 1, maximum: 40, "x-jsf-presentation": { inputType: "number" } },
    salary: {
      title: "Annual salary",
      type: "integer",
      minimum: 100000,
      "x-jsf-presentation": { inputType: "money", currency: "EUR" },
      "x-jsf-errorMessage": { minimum: "At least €1,000.00" },
    },
    schedule: {
      title: "Schedule",
      type: "string",
      oneOf: [
        { const: "full_time", title: "Full-time", description: "40 hours" },
        { const: "part_time", title: "Part-time" },
      ],
      "x-jsf-presentation": { inputType: "radio", direction: "row" },
    },
    level: {
      title: "Level",
      type: "integer",
      oneOf: [
        { const: 1, title: "Junior" },
        { const: 2, title: "Senior" },
      ],
      "x-jsf-presentation": { inputType: "select" },
    },
    countries: {
      title: "Countries",
      type: "array",
      uniqueItems: true,
      items: { type: "string", enum: ["PRT", "DEU", "FRA"] },
      "x-jsf-presentation": {
        inputType: "countries",
        options: [
          { label: "Portugal", value: "PRT" },
          { label: "Germany", value: "DEU" },
          { label: "France", value: "FRA" },
        ],
      },
    },
    perks: {
      title: "Perks",
      type: "array",
      items: {
        anyOf: [
          { const: "car", title: "Car" },
          { const: "phone", title: "Phone" },
        ],
      },
      "x-jsf-presentation": { inputType: "checkbox" },
    },
    ack: { title: "I confirm", type: "string", const: "acknowledged", "x-jsf-presentation": { inputType: "checkbox" } },
    note: {
      title: "Heads up",
      type: "null",
      readOnly: true,
      "x-jsf-presentation": { inputType: "statement", statement: { title: "Minimum of <strong>22 days</strong>", severity: "warning" } },
    },
    contract: {
      title: "Signed contract",
      type: "string",
      format: "data-url",
      "x-jsf-presentation": { inputType: "file", accept: ".pdf", maxFileSize: 524288 },
    },
    secret: { type: "string", const: "x", default: "x", "x-jsf-presentation": { inputType: "hidden" } },
    part_time_hours: { title: "Part-time hours", type: "number", "x-jsf-presentation": { inputType: "number" } },
    address: {
      title: "Work address",
      type: "object",
      required: ["city"],
      properties: { city: { title: "City", type: "string", "x-jsf-presentation": { inputType: "text" } } },
      "x-jsf-order": ["city"],
      "x-jsf-presentation": { inputType: "fieldset" },
    },
  },
  allOf: [
    {
      if: { properties: { schedule: { const: "part_time" } }, required: ["schedule"] },
      then: { required: ["part_time_hours"] },
      else: { properties: { part_time_hours: false } },
    },
  ],
  "x-jsf-order": [
    "name",
    "schedule",
    "part_time_hours",
    "salary",
    "bio",
    "email",
    "phone",
    "start_time",
    "start_date",
    "hours",
    "level",
    "countries",
    "perks",
    "ack",
    "note",
    "contract",
    "secret",
    "address",
  ],
  "x-jsf-fieldsets": { pay: { title: "Pay", propertiesByName: ["salary", "hours"] } },
};

const render = (values?: FormValues, serverErrors?: Record<string, string[]>) =>
  renderToString(createElement(CountryForm, { schema: { data: schema }, initialValues: values, onSubmit: () => {}, serverErrors }));

describe("CountryForm (RJSF theme of the x-jsf dialect)", () => {
  it("renders a widget per input type", () => {
    const html = render({ salary: 12345678, schedule: "full_time", countries: ["DEU"], level: 2, ack: "acknowledged" });
    expect(html).toContain("noValidate");
    expect(html).toMatch(/<input id="root\.name"[^>]*type="text"/);
    expect(html).toMatch(/<textarea id="root\.bio"/);
    expect(html).toMatch(/<input id="root\.email"[^>]*type="email"/);
    expect(html).toMatch(/<input id="root\.phone"[^>]*type="tel"/);
    expect(html).toMatch(/<input id="root\.start_time"[^>]*type="time"/);
    expect(html).toMatch(/<input id="root\.start_date"[^>]*type="date"[^>]*min="2030-01-01"[^>]*max="2030-12-31"/);
    expect(html).toMatch(/<input id="root\.hours"[^>]*inputMode="decimal"/);
    // Money: major units with the currency.
    expect(html).toMatch(/<span id="root\.salary__currency"[^>]*>EUR<\/span>/);
    expect(html).toContain('value="123456.78"');
    // Radio group with a legend, option descriptions, row layout.
    expect(html).toMatch(/<legend[^>]*><span>Schedule<\/span>/);
    expect(html).toMatch(/<input id="root\.schedule" type="radio"[^>]*checked=""/);
    expect(html).toContain("40 hours");
    // A select of numbers keeps the number (option index in the DOM).
    expect(html).toMatch(/<select id="root\.level"[^>]*>.*<option value="1" selected="">Senior<\/option>/s);
    // Countries: names, the chosen ones removable.
    expect(html).toContain('aria-label="Remove Germany"');
    expect(html).toContain(">Portugal<");
    // Checkbox group of an array, an acknowledgement checkbox.
    expect(html).toMatch(/<input id="root\.perks" type="checkbox"[^>]*name="root\.perks\[\]"/);
    expect(html).toMatch(/<input id="root\.ack" type="checkbox"[^>]*checked=""/);
    // Statement callout (HTML kept), file input with its accept list.
    expect(html).toContain("Minimum of <strong>22 days</strong>");
    expect(html).toContain('data-severity="warning"');
    expect(html).toMatch(/<input id="root\.contract"[^>]*type="file"[^>]*accept=".pdf"/);
    // Hidden and forbidden fields are not rendered.
    expect(html).not.toContain('id="root.secret"');
    expect(html).not.toContain('id="root.part_time_hours"');
    // Fieldsets: nested object and flat group.
    expect(html).toMatch(/<legend[^>]*><span>Work address<\/span><\/legend>/);
    expect(html).toMatch(/<legend[^>]*><span>Pay<\/span><\/legend>/);
    expect(html).toMatch(/<input id="root\.address\.city"/);
  });

  it("shows a chosen date as the console writes dates, beside the browser's date input and describing it", () => {
    const html = render({ start_date: "2030-03-08" });
    expect(html).toMatch(/<input id="root\.start_date"[^>]*aria-describedby="[^"]*root\.start_date__as-written"/);
    expect(html).toMatch(/<span id="root\.start_date__as-written"[^>]*>8 Mar 2030<\/span>/);
  });

  it("shows the fields of the active branch", () => {
    const html = render({ schedule: "part_time" });
    expect(html).toMatch(/<input id="root\.part_time_hours"/);
  });

  it("names each of the API's errors in a summary, linked to its field", () => {
    const html = render(
      { schedule: "full_time" },
      {
        salary: ["must be greater than or equal to 1,000.00 EUR"],
        "address.city": ["is required"],
        part_time_hours: ["is not allowed"],
        "": ["Form not available"],
      },
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain("4 problems prevent saving this form");
    expect(html).toContain('<a href="#root.salary"');
    expect(html).toContain('<a href="#root.address.city"');
    expect(html).toContain("Part-time hours<!-- --> (not shown in this form)");
    expect(html).toContain("Form not available");
    // And on the field itself, referenced by the input.
    expect(html).toMatch(/<ul id="root\.salary__error"[^>]*><li>Must be greater than or equal to 1,000.00 EUR<\/li>/);
    expect(html).toMatch(/id="root\.salary"[^>]*aria-invalid="true"[^>]*aria-describedby="root\.salary__currency root\.salary__error"/);
  });

  it("validates through RJSF with the adapter's rules (blocking, listed, with the schema's messages)", () => {
    const model = createFormModel(schema);
    const values = model.initialValues({ name: "Jane", salary: 500, schedule: "part_time", ack: "acknowledged", address: {} });
    const result = validator.validateFormData(
      values,
      model.rjsfSchema as RJSFSchema,
      createCustomValidate(model, () => compileSchema),
      dropSkeletonErrors,
    );
    const byProperty = Object.fromEntries(result.errors.map((e) => [e.property, e.message]));
    expect(byProperty).toEqual({
      ".salary": "At least €1,000.00",
      ".part_time_hours": "This field is required",
      ".address.city": "This field is required",
    });
    const items = summaryItems(result.errors, { index: model.view(values).index, idPrefix: "root", summaryId: "s" });
    // In the form's order (x-jsf-order), not in ajv's.
    expect(items.map((i) => [i.label, i.href])).toEqual([
      ["Part-time hours", "#root.part_time_hours"],
      ["Annual salary", "#root.salary"],
      ["City", "#root.address.city"],
    ]);
    const ok = validator.validateFormData(
      { ...values, salary: 100000, part_time_hours: 20, address: { city: "Porto" } },
      model.rjsfSchema as RJSFSchema,
      createCustomValidate(model, () => compileSchema),
      dropSkeletonErrors,
    );
    expect(ok.errors).toEqual([]);
  });

  it("the form's validator answers as RJSF's ajv8 validator does (errors and error tree), without a second ajv", () => {
    const model = createFormModel(schema);
    const cases: FormValues[] = [
      model.initialValues({ name: "Jane", salary: 500, schedule: "part_time", ack: "acknowledged", address: {} }),
      model.initialValues({
        name: "Jane",
        salary: 100000,
        schedule: "part_time",
        part_time_hours: 20,
        ack: "acknowledged",
        address: { city: "Porto" },
      }),
      {},
    ];
    for (const values of cases) {
      const ours = validator.validateFormData(
        values,
        model.rjsfSchema as RJSFSchema,
        createCustomValidate(model, () => compileSchema),
        dropSkeletonErrors,
      );
      const theirs = ajv8Validator.validateFormData(
        values,
        model.rjsfSchema as RJSFSchema,
        createCustomValidate(model, () => compileSchema),
        dropSkeletonErrors,
      );
      expect(ours).toEqual(theirs);
    }
    expect(validator.isValid({ type: "string" } as RJSFSchema, "x" as never, {} as RJSFSchema)).toBe(true);
    expect(validator.isValid({ type: "string" } as RJSFSchema, 1 as never, {} as RJSFSchema)).toBe(false);
  });

  it("reports a typed amount that is not an amount, with the schema's message", () => {
    const model = createFormModel({
      ...schema,
      properties: {
        ...schema.properties,
        salary: { ...schema.properties.salary, "x-jsf-errorMessage": { type: "Please, use US standard currency format. Ex: 1024.12" } },
      },
    });
    expect(model.validate({ salary: "12,00.0" }, compileSchema)).toMatchObject({
      salary: ["Please, use US standard currency format. Ex: 1024.12"],
    });
  });

  it("renders a form whose logic names an unknown operation, with that rule inactive and the others in force", () => {
    const withUnknown = {
      type: "object",
      properties: {
        days: {
          title: "Days",
          type: "integer",
          "x-jsf-presentation": { inputType: "number" },
          "x-jsf-logic-validations": ["on_tuesdays", "positive"],
          "x-jsf-logic-computedAttrs": { maximum: "cap", description: "At most {{cap}} days" },
        },
      },
      "x-jsf-logic": {
        validations: {
          on_tuesdays: { rule: { is_tuesday: [] }, errorMessage: "Only on Tuesdays" },
          positive: { rule: { ">": [{ var: "days" }, 0] }, errorMessage: "Must be positive" },
        },
        computedValues: { cap: { rule: { frobnicate: [{ var: "days" }] } } },
      },
    };
    const html = renderToString(createElement(CountryForm, { schema: withUnknown, initialValues: { days: 400 }, onSubmit: () => {} }));
    expect(html).toMatch(/<input id="root\.days"[^>]*value="400"/);
    const model = createFormModel(withUnknown);
    expect(model.validate({ days: 400 }, compileSchema)).toBeNull();
    expect(model.validate({ days: -1 }, compileSchema)).toEqual({ days: ["Must be positive"] });
  });

  it("starts from the saved values, the defaults and the forced values", () => {
    const model = createFormModel(schema);
    expect(model.initialValues({ name: "Jane" })).toEqual({ name: "Jane", secret: "x", address: {} });
    // A statement carries no data; a required fieldset is sent (its own required fields then speak).
    expect(model.body(model.initialValues({ name: "Jane", note: null }))).toEqual({ name: "Jane", secret: "x", address: {} });
  });
});
