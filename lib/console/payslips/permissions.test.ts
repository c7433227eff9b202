import { describe, expect, it } from "vitest";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { managerErrorDetails } from "@/lib/console/company-managers/invite-form";
import { amendmentErrorDetails } from "@/lib/console/contract-amendments/labels";
import { customFieldErrorDetails } from "@/lib/console/custom-fields/labels";
import { paymentErrorDetails } from "@/lib/console/outstanding-payments/labels";
import { payslipErrorDetails } from "./labels";

// A 403 of the payroll areas says which scope (and role) the operation needs; other errors add nothing
// (their own message is shown verbatim by the banner).

const forbidden: ApiErrorPayload = { kind: "forbidden", status: 403, message: "Forbidden", requestId: "r-1" };
const conflict: ApiErrorPayload = { kind: "conflict", status: 409, message: "The company needs at least one owner", requestId: "r-2" };

describe("permission hints on 403", () => {
  it("names the scopes of each operation", () => {
    expect(payslipErrorDetails(forbidden, "read")?.[0]).toMatch(/payslip:read or payroll/);
    expect(payslipErrorDetails(forbidden, "release")?.[0]).toMatch(/payroll scope and a writing role/);
    expect(customFieldErrorDetails(forbidden, "create")?.[0]).toMatch(/custom_field:write.*owner or admin/);
    expect(customFieldErrorDetails(forbidden, "writeValue")?.[0]).toMatch(/custom_field_value:write/);
    expect(amendmentErrorDetails(forbidden, "write")?.[0]).toMatch(/contract_amendment:write/);
    expect(managerErrorDetails(forbidden, "write")?.[0]).toMatch(/company_manager:write.*only owners/);
    expect(paymentErrorDetails(forbidden)?.[0]).toMatch(/invoices:read or invoices/);
  });

  it("adds nothing to other errors", () => {
    expect(payslipErrorDetails(conflict, "read")).toBeUndefined();
    expect(managerErrorDetails(conflict, "write")).toBeUndefined();
    expect(paymentErrorDetails(conflict)).toBeUndefined();
  });
});
