import { readOnlyReason } from "@/lib/console/employments/availability";
import { STATUS_LABELS } from "@/lib/console/employments/labels";
import type { Employment, EmploymentSection } from "@/lib/contract";

// Whether a country-form section of an employment can be saved, and why not. The API enforces
// all of it (spec section 1, the active-employment rule, closed statuses); the console only avoids
// offering a form that would be refused, and says why.

const CLOSED = new Set(["offboarding", "archived", "deleted"]);
/** What an active employment may still change (spec 4.2, change of 2023-09-21). */
const ACTIVE_SECTIONS: ReadonlySet<EmploymentSection> = new Set(["address_details", "emergency_contact_details"]);

export function sectionUnavailableReason(
  e: Pick<Employment, "type" | "employment_model" | "status" | "country">,
  section: EmploymentSection,
): string | null {
  const readOnly = readOnlyReason(e);
  if (readOnly) return readOnly;
  if (CLOSED.has(e.status)) return `An employment in status ${STATUS_LABELS[e.status]} no longer accepts form data.`;
  if (e.status === "active" && !ACTIVE_SECTIONS.has(section))
    return "Once an employment is active, only its home address and emergency contact can be changed.";
  if (!e.country) return "The employment has no country, so it has no country forms.";
  return null;
}
