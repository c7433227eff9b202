import { MODEL_LABELS, TYPE_LABELS } from "@/lib/console/employments/labels";
import { ONBOARDING_TASK_KEYS, type EmploymentModel, type EmploymentType } from "@/lib/contract/enums";
import type { Country, Employment, EmploymentSection } from "@/lib/contract";
import { SECTION_FORMS } from "@/lib/forms/sections";
import { ONBOARDING_SECTIONS } from "@/components/forms/section-labels";

// The new-employment flow's rules, as pure functions: what can be created (spec section 1), which
// sections follow the creation, and where the flow stands (kept in the URL so a reload resumes).

export type FlowStep = "start" | "basic" | "sections" | "invite";

export const FLOW_STEPS: readonly { key: FlowStep; label: string }[] = [
  { key: "start", label: "Country and type" },
  { key: "basic", label: "Basic information" },
  { key: "sections", label: "Employment details" },
  { key: "invite", label: "Invite" },
];

/**
 * Why this type and model cannot be created through the API (spec section 1: for contractors,
 * direct and global payroll employees, and for the PEO and global payroll models, only list and
 * show exist), or null for an employee under the EOR model.
 */
export function creationBlockedReason(type: EmploymentType, model: EmploymentModel): string | null {
  if (type !== "employee") {
    return `${TYPE_LABELS[type]} employments can't be created here: for the ${type} type the API offers only listing and viewing employments (spec, section 1). Only employees under the EOR model can be created.`;
  }
  if (model !== "eor") {
    return `Employments of the ${MODEL_LABELS[model]} model can't be created here: for the ${model} model the API offers only listing and viewing employments (spec, section 1). Only employees under the EOR model can be created.`;
  }
  return null;
}

/**
 * The sections asked after creation: those whose form the country lists in supported_json_schemas
 * (every section when it lists none of our form names, as the real provider may name them otherwise).
 */
export function sectionsForCountry(country: Pick<Country, "supported_json_schemas"> | null | undefined): EmploymentSection[] {
  const listed = new Set(country?.supported_json_schemas ?? []);
  const known = ONBOARDING_SECTIONS.filter((s) => listed.has(SECTION_FORMS[s]));
  return known.length ? known : [...ONBOARDING_SECTIONS];
}

/** Sections already filled: their onboarding task is completed, or they were saved in this flow. */
export function filledSections(
  e: Pick<Employment, "onboarding_tasks"> | null | undefined,
  savedHere: Iterable<EmploymentSection>,
): Set<EmploymentSection> {
  const done = new Set<EmploymentSection>(savedHere);
  if (e) for (const k of ONBOARDING_TASK_KEYS) if (e.onboarding_tasks[k]?.status === "completed") done.add(k);
  return done;
}

/** The section after `current` (undefined at the end). */
export function nextSection(sections: readonly EmploymentSection[], current: EmploymentSection): EmploymentSection | undefined {
  const i = sections.indexOf(current);
  return i >= 0 ? sections[i + 1] : sections[0];
}

/** Where the flow stands for the URL's parameters. */
export function currentStep(params: { country?: string | null; employment?: string | null; step?: string | null }): FlowStep {
  if (params.employment) return params.step === "invite" ? "invite" : "sections";
  return params.country ? "basic" : "start";
}
