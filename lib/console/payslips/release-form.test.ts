import { describe, it } from "vitest";
import { expectCheckMatchesSchema } from "@/test-support/form-check";
import { SandboxReleasePayslipBodySchema, type SandboxReleasePayslipBody } from "@/lib/contract";
import { checkReleasePayslipForm } from "./release-form";

describe("release a payslip: the browser's check", () => {
  it("answers as the contract's zod schema does, message for message", () => {
    const samples: Array<Record<string, unknown>> = [
      {},
      { employment_id: "" },
      { employment_id: "x".repeat(65) },
      { employment_id: "x".repeat(64) },
      { period: "" },
      { period: "2026-13" },
      { period: "2026-00" },
      { period: "2026-1" },
      { period: "2026-12" },
      { employment_id: "", period: "nope" },
      { extra: 1 },
      { extra: 1, more: 2 },
    ];
    expectCheckMatchesSchema(
      SandboxReleasePayslipBodySchema,
      checkReleasePayslipForm,
      samples.map((sample) => ({ employment_id: "emp_1", period: "2026-05", ...sample }) as SandboxReleasePayslipBody),
    );
  });
});
