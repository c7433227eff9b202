import { ButtonLink } from "@/components/ui/button";
import type { Employment } from "@/lib/contract";
import { newOffboardingHref } from "@/lib/console/offboardings/links";
import { writeAvailability } from "@/lib/console/people-ops/eligibility";

/**
 * "Start offboarding" on the employment page: only for an active employment of a type and model the
 * API offboards (docs/decisions/areas-people-ops-write-rules.md); nothing otherwise.
 */
export function StartOffboardingButton({ employment }: { employment: Pick<Employment, "id" | "status" | "type" | "employment_model"> }) {
  if (!writeAvailability("offboardings", employment).available) return null;
  return <ButtonLink href={newOffboardingHref(employment.id)}>Start offboarding</ButtonLink>;
}
