import type { CompanyRole } from "@/lib/contract/enums";

// A company manager's role as the console names it (zod-free: the managers list and the invite form
// ship it to the browser).
export const ROLE_LABELS: Record<CompanyRole, string> = {
  owner: "Owner",
  admin: "Admin",
  people_manager: "People manager",
  onboarding_manager: "Onboarding manager",
};
