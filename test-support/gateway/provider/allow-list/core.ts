import type { AllowEntry } from "../allow-list";

// Allow-list entries of this area (see ../allow-list.ts for the format). Each one is a place where the
// seed spec states a rule explicitly and wins over the provider's current shape (docs/decisions/contract-core.md).

const SPEC_2_1_EMPLOYMENT_MODEL =
  'spec 2.1 (Employment table): "employment_model | string enum, nullable | R | `global_payroll`, `peo`, `eor`": an employment without a model answers null (the provider declares a non-null enum).';

export const ALLOW_CORE: readonly AllowEntry[] = [
  {
    operation: "getV1EmploymentsEmploymentId",
    status: 200,
    pointer: "/data/employment/employment_model",
    reason: SPEC_2_1_EMPLOYMENT_MODEL,
  },
  // The same employment in the list (the provider's MinimalEmployment) and in the answers of every update.
  { operation: "getV1Employments", status: 200, pointer: "/data/employments/*/employment_model", reason: SPEC_2_1_EMPLOYMENT_MODEL },
  ...[
    "patchV1EmploymentsEmploymentId",
    "patchV1EmploymentsEmploymentId2",
    "patchV2EmploymentsEmploymentId",
    "patchV2EmploymentsEmploymentId2",
    "patchV1SandboxEmploymentsEmploymentId",
    "patchV1SandboxEmploymentsEmploymentId2",
  ].map((operation): AllowEntry => ({
    operation,
    status: 200,
    pointer: "/data/employment/employment_model",
    reason: SPEC_2_1_EMPLOYMENT_MODEL,
  })),
];
