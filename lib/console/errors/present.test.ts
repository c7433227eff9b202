import { describe, expect, it } from "vitest";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { operationDetails, PERMISSION_HINTS } from "./operations";
import { CONFLICT_TITLE, errorCode, presentApiError } from "./present";

const companyConflict: ApiErrorPayload = {
  kind: "conflict",
  status: 409,
  message: "Company needs to be in status active (current status: review)",
  requestId: "req_1",
};

describe("error presentation: titles by status and code, not by area", () => {
  it("keeps the API's 409 message verbatim under a generic title when nothing names the conflict", () => {
    expect(presentApiError(companyConflict)).toEqual({
      tone: "warning",
      title: CONFLICT_TITLE,
      message: "Company needs to be in status active (current status: review)",
      requestId: "req_1",
    });
    const expense = { ...companyConflict, message: "An expense in status approved cannot be deleted" };
    expect(presentApiError(expense, "expenses.write").title).toBe("The API refused the change");
  });

  it("titles the 409 of an employment write by the company state (spec 4.1 rule 4)", () => {
    expect(presentApiError(companyConflict, "employments.write").title).toBe("The company can't manage employments right now");
  });

  it("names an environment switch by the BFF's code, whatever the operation", () => {
    const p = presentApiError(
      { kind: "conflict", status: 409, message: "The console now shows Production", requestId: null, body: { code: "scope_changed" } },
      "employments.write",
    );
    expect(p.title).toBe("Environment changed");
  });

  it("reads the code from `code` or `message.code`", () => {
    expect(errorCode({ ...companyConflict, body: { message: { code: "x_y", message: "m" } } })).toBe("x_y");
    expect(errorCode({ ...companyConflict, body: { message: "plain" } })).toBeNull();
  });

  it("explains 403 and 429", () => {
    expect(presentApiError({ kind: "forbidden", status: 403, message: "Forbidden", requestId: null }).message).toMatch(
      /permission.*\(Forbidden\)/,
    );
    expect(
      presentApiError({ kind: "rate_limited", status: 429, message: "Too many requests", requestId: "r", retryAfter: 12 }).message,
    ).toMatch(/12 seconds/);
  });
});

describe("permission hints: one table by operation", () => {
  const forbidden: ApiErrorPayload = { kind: "forbidden", status: 403, message: "Forbidden", requestId: "r-1" };
  const conflict: ApiErrorPayload = { kind: "conflict", status: 409, message: "The company needs at least one owner", requestId: "r-2" };

  it("names the scopes of each operation on a 403", () => {
    expect(operationDetails(forbidden, "payslips.read")[0]).toMatch(/payslip:read or payroll/);
    expect(operationDetails(forbidden, "payslips.release")[0]).toMatch(/payroll scope and a writing role/);
    expect(operationDetails(forbidden, "custom-fields.create")[0]).toMatch(/custom_field:write.*owner or admin/);
    expect(operationDetails(forbidden, "custom-fields.write-value")[0]).toMatch(/custom_field_value:write/);
    expect(operationDetails(forbidden, "contract-amendments.write")[0]).toMatch(/contract_amendment:write/);
    expect(operationDetails(forbidden, "company-managers.write")[0]).toMatch(/company_manager:write.*only owners/);
    expect(operationDetails(forbidden, "outstanding-payments.read")[0]).toMatch(/invoices:read or invoices/);
    expect(operationDetails(forbidden, "webhooks.read")[0]).toContain("webhook:read");
    expect(operationDetails(forbidden, "webhooks.write")[0]).toMatch(/webhook:write.*owner or admin/);
    expect(operationDetails(forbidden, "incentives.write")[0]).toMatch(/incentive:write.*onboarding managers can't/);
    expect(operationDetails(forbidden, "timeoff.sandbox")[0]).toMatch(/timeoff:write.*sandbox environment/);
  });

  it("adds nothing to other errors, nor without an operation", () => {
    expect(operationDetails(conflict, "payslips.read")).toEqual([]);
    expect(operationDetails(forbidden, undefined)).toEqual([]);
    expect(operationDetails(forbidden, "employments.write")).toEqual([]);
  });

  it("has one sentence per operation", () => {
    expect(new Set(Object.values(PERMISSION_HINTS)).size).toBe(Object.keys(PERMISSION_HINTS).length);
  });
});

describe("an amendment is an employment matter", () => {
  it("titles its 409 by the company state", () => {
    expect(presentApiError(companyConflict, "contract-amendments.write").title).toBe("The company can't manage employments right now");
  });
});
