import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import {
  CONTRACT_AMENDMENT_STATUSES,
  CUSTOM_FIELD_TYPES,
  ContractAmendmentListResponseSchema,
  CustomFieldListResponseSchema,
  CustomFieldValueResponseSchema,
  EmploymentResponseSchema,
  OUTSTANDING_PAYMENT_STATUSES,
  OutstandingPaymentListResponseSchema,
  PayslipListResponseSchema,
  validateCustomFieldValue,
  type CustomFieldType,
} from "@/lib/contract";
import { ManualClock } from "../clock";
import { companies, companyUsers, departments, employmentFiles, employments } from "../db/schema";
import { createFormRegistry, exampleSection, listFormNames } from "../forms";
import { serializeOutstandingPayment } from "../services/outstanding-payments";
import { createTestGateway } from "@/test-support/gateway/harness";
import { makeCustomerToken } from "@/test-support/gateway/factories";
import { buildDemoRows, DEMO, demoCompanyId, demoUserId } from "./index";
import { buildPayrollRows, seedPayroll } from "./payroll";

// The payroll demo data: deterministic, every status of every area, valid for the API that serves it.

const forms = { listFormNames, exampleSection };
const demo = (environment: "sandbox" | "production") => buildDemoRows({ environment, passwordHash: null, forms });
const payroll = (environment: "sandbox" | "production") => {
  const rows = demo(environment);
  return buildPayrollRows({ environment, companies: rows.companies, employments: rows.employments });
};

describe("buildPayrollRows", () => {
  it("is deterministic, and differs between environments", () => {
    expect(JSON.stringify(payroll("sandbox"))).toBe(JSON.stringify(payroll("sandbox")));
    expect(payroll("production").payslips[0]!.id).not.toBe(payroll("sandbox").payslips[0]!.id);
  });

  it.each(["sandbox", "production"] as const)("%s: every status and type of every area", (environment) => {
    const rows = payroll(environment);
    const today = DEMO.baseDate.slice(0, 10);
    expect(new Set(rows.contractAmendments.map((a) => a.status))).toEqual(new Set(CONTRACT_AMENDMENT_STATUSES));
    const byType = (type: string) =>
      new Set(
        rows.outstandingPayments
          .filter((p) => p.type === type && p.state !== "settled")
          .map((p) => serializeOutstandingPayment(p as never, today).status),
      );
    expect(byType("payment")).toEqual(new Set(OUTSTANDING_PAYMENT_STATUSES));
    expect(byType("refund")).toEqual(new Set(OUTSTANDING_PAYMENT_STATUSES));
    expect(rows.outstandingPayments.some((p) => p.state === "settled")).toBe(true);
    expect(new Set(rows.customFields.map((f) => f.type))).toEqual(new Set(CUSTOM_FIELD_TYPES));
    expect(new Set(rows.payslips.map((p) => p.employmentId)).size).toBeGreaterThan(5);
    expect(rows.employmentUpdates.length).toBeGreaterThan(0);
  });

  it("every seeded value fits its field, every amendment passes its country's form and changes something", () => {
    const registry = createFormRegistry();
    const rows = payroll("sandbox");
    const fields = new Map(rows.customFields.map((f) => [f.id, f]));
    for (const v of rows.customFieldValues) {
      const f = fields.get(v.customFieldId)!;
      expect(
        validateCustomFieldValue({ type: f.type as CustomFieldType, options: f.options ?? null }, v.value),
        `${f.type} ${JSON.stringify(v.value)}`,
      ).toBeNull();
    }
    const demoRows = demo("sandbox");
    for (const a of rows.contractAmendments) {
      const e = demoRows.employments.find((x) => x.id === a.employmentId)!;
      expect(registry.validate(e.countryCode!, "contract_amendment", a.data)).toBeNull();
      expect(Object.keys(a.changes).length).toBeGreaterThan(0);
      expect(e.activeContractId).toBe(a.amendmentContractId);
    }
  });
});

describe("seedPayroll", () => {
  it("writes rows the API serves: lists parse, done amendments are applied, payslips download", async () => {
    const gw = await createTestGateway({ clock: new ManualClock(new Date(DEMO.baseDate)) });
    const db = gw.deps.db;
    const rows = demo("sandbox");
    await db.transaction(async (tx) => {
      await tx.insert(companies).values(rows.companies);
      await tx.insert(companyUsers).values(rows.users);
      await tx.insert(departments).values(rows.departments);
      for (let i = 0; i < rows.employments.length; i += 50) await tx.insert(employments).values(rows.employments.slice(i, i + 50));
      await tx.insert(employmentFiles).values(rows.files);
      const counts = await seedPayroll(tx, {
        environment: "sandbox",
        companies: rows.companies,
        employments: rows.employments,
        forms: gw.deps.forms,
      });
      expect(counts.payslips).toBeGreaterThan(0);
      expect(counts.contractAmendments).toBeGreaterThanOrEqual(CONTRACT_AMENDMENT_STATUSES.length);
    });
    const companyKey = DEMO.environments.sandbox.companies[0]!.key;
    const companyId = demoCompanyId("sandbox", companyKey);
    const token = await makeCustomerToken(db, "sandbox", { id: demoUserId("sandbox", companyKey, "owner"), companyId });
    const get = async (path: string) => {
      const res = await gw.call("GET", path, { token });
      expect(res.status, path).toBe(200);
      return res;
    };

    const slips = PayslipListResponseSchema.parse(await (await get("/v1/payslips?page_size=100")).json()).data;
    expect(slips.total_count).toBeGreaterThan(0);
    const pdf = await get(`/v1/payslips/${slips.payslips[0]!.id}/download`);
    expect(new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");

    const fields = CustomFieldListResponseSchema.parse(await (await get("/v1/custom-fields?page_size=100")).json()).data.custom_fields;
    expect(fields.map((f) => f.type).sort()).toEqual([...CUSTOM_FIELD_TYPES].sort());
    const someone = rows.employments.find((e) => e.companyId === companyId && e.status === "active")!;
    for (const f of fields)
      CustomFieldValueResponseSchema.parse(await (await get(`/v1/custom-fields/${f.id}/values/${someone.id}`)).json());

    const amendments = ContractAmendmentListResponseSchema.parse(await (await get("/v1/contract-amendments?page_size=100")).json()).data
      .contract_amendments;
    expect(new Set(amendments.map((a) => a.status))).toEqual(new Set(CONTRACT_AMENDMENT_STATUSES));
    // The newest done amendment of each employment is what its contract says now (the list is newest first).
    const latestDone = amendments.filter(
      (a, i) => a.status === "done" && !amendments.slice(0, i).some((b) => b.status === "done" && b.employment_id === a.employment_id),
    );
    expect(latestDone.length).toBeGreaterThan(0);
    for (const done of latestDone) {
      const full = await (await get(`/v1/contract-amendments/${done.id}`)).json();
      const changes = (full as { data: { contract_amendment: { changes: Record<string, { current: unknown }> } } }).data.contract_amendment
        .changes;
      const e = EmploymentResponseSchema.parse(await (await get(`/v1/employments/${done.employment_id}`)).json()).data.employment;
      if (changes["contract.job_title"]) expect(e.job_title).toBe(changes["contract.job_title"].current);
      if (changes["compensation.amount"]) expect(e.contract_details.annual_gross_salary).toBe(changes["compensation.amount"].current);
      const [row] = await db
        .select({ countryCode: employments.countryCode, contractDetails: employments.contractDetails })
        .from(employments)
        .where(eq(employments.id, done.employment_id));
      expect(gw.deps.forms.validate(row!.countryCode!, "contract_details", row!.contractDetails)).toBeNull();
    }

    const outstanding = OutstandingPaymentListResponseSchema.parse(
      await (await get("/api/v1/employer/outstanding-payments-and-refunds?sort_by=invoice_period&page_size=100")).json(),
    ).data;
    expect(new Set(outstanding.outstanding_payments_and_refunds.map((p) => `${p.type}:${p.status}`))).toEqual(
      new Set(["payment", "refund"].flatMap((t) => OUTSTANDING_PAYMENT_STATUSES.map((s) => `${t}:${s}`))),
    );
  });
});
