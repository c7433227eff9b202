import type { ReadModelListSort } from "@/lib/console/readmodel/list";

/** The read-model lists' sort columns in words. */
export const SORT_LABELS: Record<ReadModelListSort, string> = {
  full_name: "Name",
  company: "Company",
  job_title: "Job title",
  personal_email: "Personal e-mail",
  status: "Status",
  type: "Type",
  country: "Country",
  department: "Department",
  external_id: "External ID",
  lifecycle_stage: "Lifecycle",
  onboarding: "Onboarding",
};
