import { LIFECYCLE_STAGES, ONBOARDING_TASK_KEYS, type LifecycleStage, type OnboardingTaskKey } from "@/lib/contract/enums";
import type { Employment } from "@/lib/contract";
import { taskAction, type TaskAction } from "./availability";
import { LIFECYCLE_LABELS, TASK_LABELS } from "./labels";

// Onboarding progress (spec 2.4) and the lifecycle stepper (spec 3.2) as view models.

export interface OnboardingTaskView {
  key: OnboardingTaskKey;
  label: string;
  description: string;
  status: "completed" | "pending";
  action: TaskAction;
}

export interface OnboardingProgress {
  completed: number;
  total: number;
  /** Whole percent, 0–100. */
  percent: number;
  tasks: OnboardingTaskView[];
}

type ProgressInput = Pick<Employment, "id" | "type" | "employment_model" | "status" | "country" | "onboarding_tasks">;

/** The nine tasks in reading order (pending first is not applied: the order stays stable). */
export function onboardingProgress(e: ProgressInput): OnboardingProgress {
  const tasks = ONBOARDING_TASK_KEYS.map((key) => {
    const task = e.onboarding_tasks[key];
    return { key, label: TASK_LABELS[key], description: task.description, status: task.status, action: taskAction(e, key) };
  });
  const completed = tasks.filter((t) => t.status === "completed").length;
  const total = ONBOARDING_TASK_KEYS.length;
  return { completed, total, percent: Math.round((completed / total) * 100), tasks };
}

export type StepState = "complete" | "current" | "upcoming";

export interface LifecycleStepView {
  key: LifecycleStage;
  label: string;
  state: StepState;
  /** 1-based position. */
  position: number;
}

/** The seven stages of spec 3.2 in order, those before the current one complete. */
export function lifecycleSteps(current: LifecycleStage): LifecycleStepView[] {
  const at = LIFECYCLE_STAGES.indexOf(current);
  return LIFECYCLE_STAGES.map((key, i) => ({
    key,
    label: LIFECYCLE_LABELS[key],
    state: i < at ? "complete" : i === at ? "current" : "upcoming",
    position: i + 1,
  }));
}
