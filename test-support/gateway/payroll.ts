import "server-only";
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { exampleSection } from "@/lib/gateway/forms";
import type { TestGateway } from "@/test-support/gateway/harness";
import { makeCustomerToken, makeEmployment, makeTenant } from "@/test-support/gateway/factories";

// Test helpers of the payroll areas (payslips, custom fields, contract amendments, outstanding payments).

export const EXAMPLES_DIR = path.resolve(process.cwd(), "../shared/fixtures/api/openapi-examples-2024");

/** An official example of the provider's 2024 OpenAPI document, or null when the fixtures are absent. */
export function readOfficialExample(name: string): unknown {
  const file = path.join(EXAMPLES_DIR, `${name}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as unknown) : null;
}

/** The item of a list example: the list sits under `data` or, in some 2024 examples, at the top. */
export function listItemOf(example: unknown, plural: string): Record<string, unknown> {
  const root = example as Record<string, unknown>;
  const holder = (root.data as Record<string, unknown> | undefined) ?? root;
  const items = holder[plural] as Record<string, unknown>[];
  return items[0]!;
}

/** Field sets compared: what we add and what we lack, each sorted. */
export function fieldDifference(ours: object, theirs: object): { extra: string[]; missing: string[] } {
  const a = new Set(Object.keys(ours));
  const b = new Set(Object.keys(theirs));
  return { extra: [...a].filter((k) => !b.has(k)).sort(), missing: [...b].filter((k) => !a.has(k)).sort() };
}

/**
 * Two companies A and B; in A an active EOR employee in Portugal with a filled contract and an
 * active contract id, reporting to A's people manager; in B one such employee too.
 */
export async function makePayrollWorld(gw: TestGateway) {
  const db = gw.deps.db;
  const a = await makeTenant(db, "sandbox");
  const b = await makeTenant(db, "sandbox");
  const activeEmployee = (companyId: string, managerUserId: string | null) =>
    makeEmployment(db, companyId, {
      status: "active",
      lifecycleStage: "onboarded",
      userStatus: "active",
      managerUserId,
      provisionalStartDate: "2025-01-06",
      activeContractId: randomUUID(),
      contractDetails: exampleSection("PRT", "contract_details", 0),
    });
  const employee = await activeEmployee(a.company.id, a.peopleManager.id);
  const employeeB = await activeEmployee(b.company.id, null);
  const tokenWith = (scopes: string[]) => makeCustomerToken(db, "sandbox", a.admin, scopes);
  return { a, b, employee, employeeB, activeEmployee, tokenWith };
}
