import { z } from "zod";
import { CreateTimeoffBodySchema, PlainDateSchema, TimeoffTypeSchema, TimeZoneSchema, type CreateTimeoffBody } from "@/lib/contract";
import { fieldByPrefix, splitFieldErrors } from "@/lib/console/errors/split-422";
import { formDate } from "../people-ops/form-date";
import { rangeError, toTimeoffDays, totalHours, type DayRow } from "./days";

// The "request time off" form (POST /v1/timeoff): its values, its schema (the contract's rules for
// each field, plus the range checks the API makes), the body it sends, and where 422 errors land.

const HoursSchema = z
  .number({ message: "must be a number of hours" })
  .int("must be a whole number of hours")
  .min(0, "must be at least 0")
  .max(24, "must be at most 24");

/**
 * A day's hours matter only when the day is included: a left-out day may hold anything, even the NaN
 * of an emptied number box.
 */
const DayRowSchema = z
  .object({ day: PlainDateSchema, included: z.boolean(), hours: z.custom<number>((v) => typeof v === "number") })
  .superRefine((r, ctx) => {
    if (!r.included) return;
    const parsed = HoursSchema.safeParse(r.hours);
    if (!parsed.success) ctx.addIssue({ code: "custom", path: ["hours"], message: parsed.error.issues[0]?.message ?? "is invalid" });
  });

export const TimeoffRequestFormSchema = z
  .object({
    employment_id: z.string().min(1, "choose an employment"),
    timeoff_type: z.union([z.literal(""), TimeoffTypeSchema]).refine((v) => v !== "", "choose a type"),
    start_date: formDate(),
    end_date: formDate(),
    timezone: z.string().trim().min(1, "can't be blank").pipe(TimeZoneSchema),
    days: z.array(DayRowSchema),
    notes: z.string().max(5000, "must be at most 5000 characters"),
  })
  .superRefine((v, ctx) => {
    const range = rangeError(v.start_date, v.end_date);
    if (range) ctx.addIssue({ code: "custom", path: ["end_date"], message: range });
    // The days follow the dates: nothing to say about them until both dates make a range.
    if (range || !PlainDateSchema.safeParse(v.start_date).success || !PlainDateSchema.safeParse(v.end_date).success) return;
    const days = toTimeoffDays(v.days);
    if (days.length === 0) ctx.addIssue({ code: "custom", path: ["days"], message: "include at least one day" });
    else if (totalHours(days) === 0)
      ctx.addIssue({ code: "custom", path: ["days"], message: "the included days must add up to some hours" });
  });

export type TimeoffRequestFormValues = {
  employment_id: string;
  timeoff_type: z.infer<typeof TimeoffTypeSchema> | "";
  start_date: string;
  end_date: string;
  timezone: string;
  days: DayRow[];
  notes: string;
};
export type TimeoffRequestField = keyof TimeoffRequestFormValues;

export function timeoffRequestDefaults(o: { employmentId?: string; timezone?: string } = {}): TimeoffRequestFormValues {
  return {
    employment_id: o.employmentId ?? "",
    timeoff_type: "",
    start_date: "",
    end_date: "",
    timezone: o.timezone ?? "",
    days: [],
    notes: "",
  };
}

/** The body of `POST /v1/timeoff` (checked against the contract before it leaves). */
export function toCreateTimeoffBody(values: TimeoffRequestFormValues): CreateTimeoffBody {
  const notes = values.notes.trim();
  return CreateTimeoffBodySchema.parse({
    employment_id: values.employment_id,
    timeoff_type: values.timeoff_type,
    start_date: values.start_date,
    end_date: values.end_date,
    timezone: values.timezone.trim(),
    timeoff_days: toTimeoffDays(values.days),
    ...(notes ? { notes } : {}),
  });
}

const FIELDS: readonly TimeoffRequestField[] = ["employment_id", "timeoff_type", "start_date", "end_date", "timezone", "days", "notes"];
const byPrefix = fieldByPrefix(FIELDS);

/** The API's 422 keys on the form's fields (`timeoff_days.3.hours` lands on the days table). */
export const splitTimeoffFieldErrors = (fieldErrors: Record<string, string[]> | undefined) =>
  splitFieldErrors(fieldErrors, (key) => (key === "timeoff_days" || key.startsWith("timeoff_days.") ? "days" : byPrefix(key)));
