import type { OffboardingStatus } from "@/lib/contract";

// The offboarding review, which the sandbox simulates (docs/decisions/areas-people-ops-offboardings.md):
// submitted → in_review → done, and canceled from submitted or in review. Done and canceled are final.

export type SandboxOffboardingStatus = "in_review" | "done" | "canceled";

export function sandboxOffboardingMoves(status: OffboardingStatus): SandboxOffboardingStatus[] {
  if (status === "submitted") return ["in_review", "canceled"];
  if (status === "in_review") return ["done", "canceled"];
  return [];
}

export const SANDBOX_MOVE_LABELS: Record<SandboxOffboardingStatus, string> = {
  in_review: "Start review",
  done: "Complete (offboard)",
  canceled: "Cancel offboarding",
};

export const SANDBOX_MOVE_EFFECTS: Record<SandboxOffboardingStatus, string> = {
  in_review: "The provider starts reviewing the termination (offboarding.review_started).",
  done: "The employment is archived: stage offboarded, user deactivated (employment.user_status.deactivated).",
  canceled: "The request is withdrawn and the employment becomes active again (offboarding.deleted).",
};
