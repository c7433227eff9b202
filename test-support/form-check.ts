import { expect } from "vitest";
import type { z } from "zod";
import { firstIssues, type FormCheck } from "@/lib/console/form-check";

/**
 * A browser FormCheck (lib/console/form-check.ts) answers as the zod schema it replaces, value by
 * value: both accept (with the same checked values) or both refuse with the same first message per field.
 */
export function expectCheckMatchesSchema<T>(schema: z.ZodType, check: FormCheck<T>, samples: readonly T[]): void {
  for (const values of samples) {
    const zod = schema.safeParse(values);
    const plain = check(values);
    const label = JSON.stringify(values).slice(0, 200);
    expect(plain.ok, label).toBe(zod.success);
    if (zod.success && plain.ok) expect(plain.values, label).toEqual(zod.data);
    else if (!zod.success && !plain.ok)
      expect(firstIssues(plain.issues), label).toEqual(
        firstIssues(zod.error.issues.map((i) => ({ path: i.path.join("."), message: i.message, code: i.code }))),
      );
  }
}
