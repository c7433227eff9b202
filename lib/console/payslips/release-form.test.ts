import { describe, expect, it } from "vitest";
import { firstIssues } from "@/lib/console/form-check";
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
    for (const sample of samples) {
      const values = { employment_id: "emp_1", period: "2026-05", ...sample } as SandboxReleasePayslipBody;
      const zod = SandboxReleasePayslipBodySchema.safeParse(values);
      const plain = checkReleasePayslipForm(values);
      expect(plain.ok, JSON.stringify(sample)).toBe(zod.success);
      if (zod.success && plain.ok) expect(plain.values).toEqual(zod.data);
      else if (!zod.success && !plain.ok)
        expect(firstIssues(plain.issues), JSON.stringify(sample)).toEqual(
          firstIssues(zod.error.issues.map((i) => ({ path: i.path.join("."), message: i.message, code: i.code }))),
        );
    }
  });
});
