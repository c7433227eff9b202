import { z } from "zod";
import {
  CreateOffboardingBodySchema,
  PlainDateSchema,
  RISK_ASSESSMENT_REASONS,
  RiskAssessmentReasonSchema,
  TerminationReasonSchema,
  type CreateOffboardingBody,
} from "@/lib/contract";
import { splitFieldErrors } from "@/lib/console/errors/split-422";
import { formDate } from "@/lib/console/people-ops/form-date";

// The "start offboarding" form (POST /v1/offboardings, type termination): the termination details of
// lib/contract/offboardings.ts with their rules (none_of_these stands alone, a description when the
// employee will challenge the termination, the proposed date today or later).

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
type YesNo = "" | "yes" | "no";
const yesNo = (message: string) => z.enum(["", "yes", "no"]).refine((v) => v !== "", message);

export const OffboardingFormSchema = z
  .object({
    employment_id: z.string().min(1, "choose an employment"),
    proposed_termination_date: formDate(),
    termination_reason: z.union([z.literal(""), TerminationReasonSchema]).refine((v) => v !== "", "choose a reason"),
    reason_description: z.string().trim().min(1, "can't be blank").max(5000, "must be at most 5000 characters"),
    risk_assessment_reasons: z.array(RiskAssessmentReasonSchema).min(1, "choose at least one (None of these when none applies)"),
    will_challenge_termination: yesNo("say whether the employee is expected to challenge it"),
    will_challenge_termination_description: text(5000),
    confidential: z.boolean(),
    employee_aware: z.boolean(),
    employee_awareness_date: z.string(),
    employee_awareness_note: text(2000),
    agrees_to_pto_amount: z.enum(["", "yes", "no"]),
    additional_comments: text(5000),
  })
  .superRefine((v, ctx) => {
    if (v.risk_assessment_reasons.includes("none_of_these") && v.risk_assessment_reasons.length > 1)
      ctx.addIssue({ code: "custom", path: ["risk_assessment_reasons"], message: "None of these can't be combined with other reasons" });
    if (v.will_challenge_termination === "yes" && !v.will_challenge_termination_description.trim())
      ctx.addIssue({
        code: "custom",
        path: ["will_challenge_termination_description"],
        message: "describe how the employee may challenge it",
      });
    if (v.employee_aware && !PlainDateSchema.safeParse(v.employee_awareness_date).success)
      ctx.addIssue({ code: "custom", path: ["employee_awareness_date"], message: "give the date the employee was told" });
  });

export interface OffboardingFormValues {
  employment_id: string;
  proposed_termination_date: string;
  termination_reason: z.infer<typeof TerminationReasonSchema> | "";
  reason_description: string;
  risk_assessment_reasons: z.infer<typeof RiskAssessmentReasonSchema>[];
  will_challenge_termination: YesNo;
  will_challenge_termination_description: string;
  confidential: boolean;
  employee_aware: boolean;
  employee_awareness_date: string;
  employee_awareness_note: string;
  agrees_to_pto_amount: YesNo;
  additional_comments: string;
}
export type OffboardingField = keyof OffboardingFormValues;

export const offboardingFormDefaults = (employmentId = ""): OffboardingFormValues => ({
  employment_id: employmentId,
  proposed_termination_date: "",
  termination_reason: "",
  reason_description: "",
  risk_assessment_reasons: [],
  will_challenge_termination: "",
  will_challenge_termination_description: "",
  confidential: false,
  employee_aware: false,
  employee_awareness_date: "",
  employee_awareness_note: "",
  agrees_to_pto_amount: "",
  additional_comments: "",
});

/** Ticking "None of these" clears the others, and ticking another clears "None of these". */
export function toggleRiskReason(current: readonly string[], reason: (typeof RISK_ASSESSMENT_REASONS)[number], checked: boolean) {
  type R = (typeof RISK_ASSESSMENT_REASONS)[number];
  if (!checked) return current.filter((r) => r !== reason) as R[];
  if (reason === "none_of_these") return ["none_of_these"] as R[];
  const next = new Set<R>([...(current as R[]).filter((r) => r !== "none_of_these"), reason]);
  return RISK_ASSESSMENT_REASONS.filter((r) => next.has(r));
}

const orNull = (v: string) => (v.trim() ? v.trim() : null);

/** The body of `POST /v1/offboardings` (checked against the contract before it leaves). */
export function toCreateOffboardingBody(v: OffboardingFormValues): CreateOffboardingBody {
  const challenge = v.will_challenge_termination === "yes";
  return CreateOffboardingBodySchema.parse({
    employment_id: v.employment_id,
    type: "termination",
    termination_details: {
      confidential: v.confidential,
      proposed_termination_date: v.proposed_termination_date,
      termination_reason: v.termination_reason,
      reason_description: v.reason_description.trim(),
      risk_assessment_reasons: v.risk_assessment_reasons,
      will_challenge_termination: challenge,
      // The provider's types: the description is a string and the awareness an object, both omitted when not given.
      ...(challenge ? { will_challenge_termination_description: v.will_challenge_termination_description.trim() } : {}),
      additional_comments: orNull(v.additional_comments),
      ...(v.employee_aware ? { employee_awareness: { date: v.employee_awareness_date, note: orNull(v.employee_awareness_note) } } : {}),
      ...(v.agrees_to_pto_amount ? { agrees_to_pto_amount: v.agrees_to_pto_amount === "yes" } : {}),
    },
  });
}

const DETAIL_FIELDS: Record<string, OffboardingField> = {
  confidential: "confidential",
  proposed_termination_date: "proposed_termination_date",
  termination_reason: "termination_reason",
  reason_description: "reason_description",
  risk_assessment_reasons: "risk_assessment_reasons",
  will_challenge_termination: "will_challenge_termination",
  will_challenge_termination_description: "will_challenge_termination_description",
  additional_comments: "additional_comments",
  employee_awareness: "employee_awareness_date",
  "employee_awareness.date": "employee_awareness_date",
  "employee_awareness.note": "employee_awareness_note",
  agrees_to_pto_amount: "agrees_to_pto_amount",
};

/** The API's 422 keys (`termination_details.reason_description`, …) on the form's fields. */
export const splitOffboardingFieldErrors = (fieldErrors: Record<string, string[]> | undefined) =>
  splitFieldErrors<OffboardingField>(fieldErrors, (key) => {
    if (key === "employment_id") return "employment_id";
    const inner = key.replace(/^termination_details\./, "");
    return DETAIL_FIELDS[inner] ?? DETAIL_FIELDS[inner.replace(/\.\d+$/, "")] ?? null;
  });
