import "server-only";
import type { Incentive, Offboarding, RecurringIncentive, Timeoff } from "@/lib/contract";
import {
  incentiveStatusLabel,
  incentiveTypeLabel,
  INCENTIVE_TYPE_LABELS,
  RECURRING_STATUS_LABELS,
  TAX_TYPE_LABELS,
} from "@/lib/console/incentives/labels";
import { incentivesList, recurringList } from "@/lib/console/incentives/list";
import { isConfidential, OFFBOARDING_STATUS_LABELS, offboardingReasonLabel, proposedEndOf } from "@/lib/console/offboardings/labels";
import { offboardingsList } from "@/lib/console/offboardings/list";
import { totalHours } from "@/lib/console/timeoff/days";
import { TIMEOFF_STATUS_LABELS, TIMEOFF_TYPE_LABELS } from "@/lib/console/timeoff/labels";
import { timeoffList } from "@/lib/console/timeoff/list";
import { listIncentives, listRecurringIncentives } from "../../incentives/api";
import { listOffboardings } from "../../offboardings/api";
import { listTimeoff } from "../../timeoff/api";
import type { CsvColumn } from "../csv";
import type { ExportSpec } from "../handler";
import { liveListSource, loadEmploymentNames, type EmploymentNames } from "../live-list";
import { employeeColumns, minorToDecimal } from "./common";

// The exports of the people-ops lists (time off, incentives, recurring incentives, offboardings;
// expenses in ./expenses.ts): the columns of each list's table, by the same ids, as values a
// spreadsheet can use. The Actions columns have nothing to export.

type Ctx = { names: EmploymentNames };
const names = async (api: Parameters<typeof loadEmploymentNames>[0], signal: AbortSignal): Promise<Ctx> => ({
  names: await loadEmploymentNames(api, signal),
});

export const TIMEOFF_EXPORT_COLUMNS: CsvColumn<Timeoff, Ctx>[] = [
  ...employeeColumns<Timeoff, Ctx>("Employee", (t) => t.employment_id),
  { id: "Type", header: "Type", value: (t) => TIMEOFF_TYPE_LABELS[t.timeoff_type] ?? t.timeoff_type },
  { id: "Type", header: "Notes", value: (t) => t.notes },
  { id: "Dates", header: "Start date", value: (t) => t.start_date },
  { id: "Dates", header: "End date", value: (t) => t.end_date },
  { id: "Dates", header: "Time zone", value: (t) => t.timezone },
  { id: "Days", header: "Days", value: (t) => t.timeoff_days.length },
  { id: "Days", header: "Hours", value: (t) => totalHours(t.timeoff_days) },
  { id: "Status", header: "Status", value: (t) => TIMEOFF_STATUS_LABELS[t.status] ?? t.status },
  { id: "Status", header: "Approved at", value: (t) => t.approved_at },
  { id: "Status", header: "Cancel reason", value: (t) => t.cancel_reason },
  { id: "Status", header: "Time off ID", value: (t) => t.id },
];

export const timeoffExport = {
  list: timeoffList,
  name: "time-off",
  columns: TIMEOFF_EXPORT_COLUMNS,
  source: liveListSource({
    list: timeoffList,
    fetchPage: (api, q) => listTimeoff(api, q),
    itemsOf: (p) => p.timeoffs,
    idOf: (t) => t.id,
    context: names,
  }),
} satisfies ExportSpec<typeof timeoffList.filters, Timeoff, Ctx>;

export const INCENTIVE_EXPORT_COLUMNS: CsvColumn<Incentive, Ctx>[] = [
  ...employeeColumns<Incentive, Ctx>("Employee", (i) => i.employment_id),
  { id: "Type", header: "Type", value: (i) => incentiveTypeLabel(i.type) },
  { id: "Type", header: "Note", value: (i) => i.note },
  { id: "Type", header: "Recurring incentive ID", value: (i) => i.recurring_incentive_id },
  { id: "Amount", header: "Amount", value: (i) => minorToDecimal(i.amount) },
  { id: "Amount", header: "Tax type", value: (i) => TAX_TYPE_LABELS[i.amount_tax_type] ?? i.amount_tax_type },
  { id: "Effective", header: "Effective date", value: (i) => i.effective_date },
  { id: "Effective", header: "Expected payout date", value: (i) => i.expected_payout_date },
  { id: "Status", header: "Status", value: (i) => incentiveStatusLabel(i.status) },
  { id: "Status", header: "Incentive ID", value: (i) => i.id },
];

export const incentivesExport = {
  list: incentivesList,
  name: "incentives",
  columns: INCENTIVE_EXPORT_COLUMNS,
  source: liveListSource({
    list: incentivesList,
    fetchPage: (api, q) => listIncentives(api, q),
    itemsOf: (p) => p.incentives,
    idOf: (i) => i.id,
    context: names,
  }),
} satisfies ExportSpec<typeof incentivesList.filters, Incentive, Ctx>;

export const RECURRING_EXPORT_COLUMNS: CsvColumn<RecurringIncentive, Ctx>[] = [
  ...employeeColumns<RecurringIncentive, Ctx>("Employee", (r) => r.employment_id),
  { id: "Type", header: "Type", value: (r) => INCENTIVE_TYPE_LABELS[r.type] ?? r.type },
  { id: "Type", header: "Note", value: (r) => r.note },
  { id: "Monthly amount", header: "Monthly amount", value: (r) => minorToDecimal(r.amount) },
  { id: "Monthly amount", header: "Tax type", value: (r) => TAX_TYPE_LABELS[r.amount_tax_type] ?? r.amount_tax_type },
  { id: "Period", header: "Start date", value: (r) => r.start_date },
  { id: "Period", header: "End date", value: (r) => r.end_date },
  { id: "Status", header: "Status", value: (r) => RECURRING_STATUS_LABELS[r.status] ?? r.status },
  { id: "Status", header: "Recurring incentive ID", value: (r) => r.id },
];

export const recurringIncentivesExport = {
  list: recurringList,
  name: "recurring-incentives",
  columns: RECURRING_EXPORT_COLUMNS,
  source: liveListSource({
    list: recurringList,
    fetchPage: (api, q) => listRecurringIncentives(api, q),
    itemsOf: (p) => p.recurring_incentives,
    idOf: (r) => r.id,
    context: names,
  }),
} satisfies ExportSpec<typeof recurringList.filters, RecurringIncentive, Ctx>;

export const OFFBOARDING_EXPORT_COLUMNS: CsvColumn<Offboarding, Ctx>[] = [
  ...employeeColumns<Offboarding, Ctx>("Employee", (o) => o.employment_id),
  { id: "Reason", header: "Reason", value: (o) => offboardingReasonLabel(o) },
  { id: "Reason", header: "Confidential", value: (o) => isConfidential(o) },
  { id: "Termination date", header: "Termination date", value: (o) => o.termination_date ?? proposedEndOf(o) },
  { id: "Termination date", header: "Proposed date", value: (o) => proposedEndOf(o) },
  { id: "Submitted", header: "Submitted at", value: (o) => o.submitted_at },
  { id: "Status", header: "Status", value: (o) => OFFBOARDING_STATUS_LABELS[o.status] ?? o.status },
  { id: "Status", header: "Offboarding ID", value: (o) => o.id },
];

export const offboardingsExport = {
  list: offboardingsList,
  name: "offboardings",
  columns: OFFBOARDING_EXPORT_COLUMNS,
  source: liveListSource({
    list: offboardingsList,
    fetchPage: (api, q) => listOffboardings(api, q),
    itemsOf: (p) => p.offboardings,
    idOf: (o) => o.id,
    context: names,
  }),
} satisfies ExportSpec<typeof offboardingsList.filters, Offboarding, Ctx>;
