import { checked, type FormCheck, type FormIssue } from "@/lib/console/form-check";
import type { SandboxReleasePayslipBody } from "@/lib/contract";

// "Release a payslip" (sandbox): the rules of the contract's SandboxReleasePayslipBodySchema written
// without zod for the browser (the payslips list ships this form); the test holds both to the same
// answers, and the BFF still parses the body with the contract's schema.

const FIELDS = ["employment_id", "period"];
const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

export const checkReleasePayslipForm: FormCheck<SandboxReleasePayslipBody> = (v) => {
  const issues: FormIssue[] = [];
  const id = v.employment_id;
  if (typeof id !== "string")
    issues.push({ path: "employment_id", message: "Invalid input: expected string, received " + typeof id, code: "invalid_type" });
  else {
    if (id.length < 1) issues.push({ path: "employment_id", message: "is required", code: "too_small" });
    if (id.length > 64)
      issues.push({ path: "employment_id", message: "Too big: expected string to have <=64 characters", code: "too_big" });
  }
  if (typeof v.period !== "string")
    issues.push({ path: "period", message: "Invalid input: expected string, received " + typeof v.period, code: "invalid_type" });
  else if (!PERIOD.test(v.period)) issues.push({ path: "period", message: "must be a month, YYYY-MM", code: "invalid_format" });
  const unknown = Object.keys(v).filter((k) => !FIELDS.includes(k));
  if (unknown.length > 0)
    issues.push({
      path: "",
      message: `Unrecognized key${unknown.length > 1 ? "s" : ""}: ${unknown.map((k) => JSON.stringify(k)).join(", ")}`,
      code: "unrecognized_keys",
    });
  return checked({ employment_id: v.employment_id, period: v.period }, issues);
};
