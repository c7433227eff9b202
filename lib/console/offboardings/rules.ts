import type { OffboardingStatus } from "@/lib/contract";

// The offboarding review, which the sandbox simulates (docs/decisions/areas-people-ops-offboardings.md):
// submitted → in_review → done, and cancelled from submitted or in review. Done and cancelled are final.

export type SandboxOffboardingStatus = "in_review" | "done" | "cancelled";

export function sandboxOffboardingMoves(status: OffboardingStatus): SandboxOffboardingStatus[] {
  if (status === "submitted") return ["in_review", "cancelled"];
  if (status === "in_review") return ["done", "cancelled"];
  return [];
}

export const SANDBOX_MOVE_LABELS: Record<SandboxOffboardingStatus, string> = {
  in_review: "Start review",
  done: "Complete (offboard)",
  cancelled: "Cancel offboarding",
};

export const SANDBOX_MOVE_EFFECTS: Record<SandboxOffboardingStatus, string> = {
  in_review: "The provider starts reviewing the termination (offboarding.review_started).",
  done: "The employment is archived: stage offboarded, user deactivated (employment.user_status.deactivated).",
  cancelled: "The request is withdrawn and the employment becomes active again (offboarding.deleted).",
};
