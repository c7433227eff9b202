import type { ApiErrorPayload } from "@/lib/console/api-errors";
import type { PeopleOpsArea } from "./eligibility";

// What a 403 of a people-ops operation means (spec section 5 scopes, DECISIONS.md roles,
// docs/decisions/areas-people-ops-write-rules.md): the banner keeps the API's message and adds the
// permission the operation needs.

export type PeopleOpsOperation = "read" | "write" | "sandbox";

const SCOPE: Record<PeopleOpsArea, string> = {
  timeoff: "timeoff",
  expenses: "expense",
  incentives: "incentive",
  offboardings: "offboarding",
};

const WRITE_ROLES = "a company owner, admin or people manager (people managers only for the employments they manage)";

export function permissionHint(area: PeopleOpsArea, operation: PeopleOpsOperation): string {
  const scope = SCOPE[area];
  switch (operation) {
    case "read":
      return `Reading this needs the ${scope}:read scope on this connection.`;
    case "write":
      return `This change needs the ${scope}:write scope on this connection, and ${WRITE_ROLES}; onboarding managers can't.`;
    case "sandbox":
      return `Sandbox simulations need the ${scope}:write scope and ${WRITE_ROLES}, in the sandbox environment.`;
  }
}

/** Extra lines for an error banner: the permission for a 403, nothing otherwise. */
export function permissionDetails(error: ApiErrorPayload, area: PeopleOpsArea, operation: PeopleOpsOperation): string[] {
  return error.kind === "forbidden" ? [permissionHint(area, operation)] : [];
}
