import type { Offboarding, OffboardingStatus, RISK_ASSESSMENT_REASONS, TERMINATION_REASONS } from "@/lib/contract";
import type { Tone } from "@/lib/console/employments/labels";

// Human labels and badge colours of the offboarding enums.

export type TerminationReason = (typeof TERMINATION_REASONS)[number];
export type RiskAssessmentReason = (typeof RISK_ASSESSMENT_REASONS)[number];

export const OFFBOARDING_STATUS_LABELS: Record<OffboardingStatus, string> = {
  submitted: "Submitted",
  in_review: "In review",
  done: "Done",
  canceled: "Cancelled",
};

export const OFFBOARDING_STATUS_TONES: Record<OffboardingStatus, Tone> = {
  submitted: "amber",
  in_review: "blue",
  done: "gray",
  canceled: "red",
};

export const OFFBOARDING_STATUS_DESCRIPTIONS: Record<OffboardingStatus, string> = {
  submitted: "Sent to the provider, waiting for review.",
  in_review: "The provider is reviewing the termination.",
  done: "The employment has ended (offboarded, user deactivated).",
  canceled: "Withdrawn: the employment is active again.",
};

export const TERMINATION_REASON_LABELS: Record<TerminationReason, string> = {
  cancellation_before_start_date: "Cancellation before the start date",
  compliance_issue: "Compliance issue",
  conversion_to_contractor: "Conversion to contractor",
  dissatisfaction_with_remote_service: "Dissatisfaction with the provider's service",
  end_of_fixed_term_contract_compliance_issue: "End of fixed-term contract: compliance issue",
  end_of_fixed_term_contract_incapacity_to_perform_inherent_duties: "End of fixed-term contract: incapacity to perform inherent duties",
  end_of_fixed_term_contract_local_regulations_max_term_reached: "End of fixed-term contract: maximum term reached",
  end_of_fixed_term_contract_misconduct: "End of fixed-term contract: misconduct",
  end_of_fixed_term_contract_operational_reasons: "End of fixed-term contract: operational reasons",
  end_of_fixed_term_contract_other: "End of fixed-term contract: other",
  end_of_fixed_term_contract_performance: "End of fixed-term contract: performance",
  end_of_fixed_term_contract_redundancy: "End of fixed-term contract: redundancy",
  end_of_fixed_term_contract_values: "End of fixed-term contract: values",
  gross_misconduct: "Gross misconduct",
  incapacity_to_perform_inherent_duties: "Incapacity to perform inherent duties",
  job_abandonment: "Job abandonment",
  mutual_agreement: "Mutual agreement",
  other: "Other",
  performance: "Performance",
  values: "Values",
  workforce_reduction: "Workforce reduction",
};

export const RISK_REASON_LABELS: Record<RiskAssessmentReason, string> = {
  caring_responsibilities: "Has caring responsibilities",
  disabled_or_health_condition: "Is disabled or has a health condition",
  family_leave: "Is on or returning from family leave",
  member_of_union_or_works_council: "Is a member of a union or works council",
  none_of_these: "None of these",
  pregnant_or_breastfeeding: "Is pregnant or breastfeeding",
  reported_concerns_with_workplace: "Has reported concerns about the workplace",
  requested_medical_or_family_leave: "Has requested medical or family leave",
  sick_leave: "Is on or returning from sick leave",
};

/** The reason, for a termination or (in the provider's lists) a resignation. */
export function offboardingReasonLabel(o: Offboarding): string {
  if (o.type === "termination") return TERMINATION_REASON_LABELS[o.termination_reason];
  const words = o.resignation_reason.replace(/_/g, " ");
  return `Resignation: ${words}`;
}

/** The proposed end: the termination date asked for, or the resignation's last working day. */
export const proposedEndOf = (o: Offboarding) => (o.type === "termination" ? o.proposed_termination_date : o.proposed_last_working_day);

/** Only terminations can be confidential. */
export const isConfidential = (o: Offboarding) => o.type === "termination" && o.confidential;
