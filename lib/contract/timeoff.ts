import { z } from "zod";
import { FileSchema } from "./employment";
import { providerListEnvelopeSchema, resourceEnvelopeSchema } from "./pagination";
import { TIMEOFF_STATUSES, TIMEOFF_TYPES, type TIMEOFF_TYPE_DESCRIPTIONS } from "./enums";

// Time off (spec 4.2 "Time off", "Time off balance"; shapes from the provider's published examples).

/** `YYYY-MM-DD` in years 1900..2999 (a database date cannot hold year 0, and nobody takes leave in 0042). */
export const PlainDateSchema = z.iso
  .date({ message: "must be a date (YYYY-MM-DD)" })
  .refine((d) => d >= "1900-01-01" && d <= "2999-12-31", "must be between 1900-01-01 and 2999-12-31");

/** Standard base64 with padding. A loop, not a regular expression: receipts run to megabytes. */
export function isBase64(s: string): boolean {
  if (s.length % 4 !== 0) return false;
  const body = s.endsWith("==") ? s.length - 2 : s.endsWith("=") ? s.length - 1 : s.length;
  for (let i = 0; i < body; i++) {
    const c = s.charCodeAt(i);
    const ok = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47;
    if (!ok) return false;
  }
  return true;
}

/** A file sent inline, base64-encoded (receipts, time off documents). */
export const Base64FileSchema = z.strictObject({
  name: z.string().trim().min(1, "can't be blank").max(255, "must be at most 255 characters"),
  /** Optional: the type is detected from the bytes; a declared type that disagrees is refused. */
  content_type: z.string().max(255).optional(),
  content: z.string().min(1, "can't be blank").refine(isBase64, "must be base64-encoded"),
});
export type Base64File = z.infer<typeof Base64FileSchema>;

/** True for an IANA time zone identifier the runtime knows (`Europe/Lisbon`, `UTC`). */
export function isIanaTimeZone(tz: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const TimeZoneSchema = z.string().max(64).refine(isIanaTimeZone, "must be an IANA time zone identifier (e.g. Europe/Lisbon)");

export const TimeoffTypeSchema = z.enum(
  TIMEOFF_TYPES as [keyof typeof TIMEOFF_TYPE_DESCRIPTIONS, ...(keyof typeof TIMEOFF_TYPE_DESCRIPTIONS)[]],
  {
    message: `must be one of: ${TIMEOFF_TYPES.join(", ")}`,
  },
);
export type TimeoffType = z.infer<typeof TimeoffTypeSchema>;

/**
 * Types the provider's `TimeoffType` has beyond Roster's (custom company leave and country-specific
 * ones): Roster never creates them, but parses them in responses and accepts them as a list filter.
 */
export const PROVIDER_ONLY_TIMEOFF_TYPES = ["time_off", "custom_company_leave", "rtt", "casual_leave", "rol", "ex_festivita"] as const;
export const ANY_TIMEOFF_TYPES = [...TIMEOFF_TYPES, ...PROVIDER_ONLY_TIMEOFF_TYPES] as const;
export const AnyTimeoffTypeSchema = z.enum(ANY_TIMEOFF_TYPES as unknown as [AnyTimeoffType, ...AnyTimeoffType[]], {
  message: `must be one of: ${ANY_TIMEOFF_TYPES.join(", ")}`,
});
export type AnyTimeoffType = TimeoffType | (typeof PROVIDER_ONLY_TIMEOFF_TYPES)[number];

/** A response field the provider may omit or send null, read as null (what Roster itself sends). */
export const nullWhenAbsent = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? null, schema.nullable());

export const TimeoffStatusSchema = z.enum(TIMEOFF_STATUSES, { message: `must be one of: ${TIMEOFF_STATUSES.join(", ")}` });
export type TimeoffStatus = z.infer<typeof TimeoffStatusSchema>;

/**
 * A day of a request: `YYYY-MM-DD`, or the provider's `Date` as its client sends it (an ISO 8601
 * date-time at midnight UTC, `2024-05-06T00:00:00.000Z`), read as its UTC date.
 */
export const TimeoffDayInputSchema = z
  .union([PlainDateSchema, z.iso.datetime({ offset: true, message: "must be a date (YYYY-MM-DD)" })], {
    message: "must be a date (YYYY-MM-DD)",
  })
  .transform((d) => (d.length === 10 ? d : new Date(d).toISOString().slice(0, 10)))
  .pipe(PlainDateSchema);

export const TimeoffDaySchema = z.strictObject({
  day: TimeoffDayInputSchema,
  hours: z.number().int("must be a whole number of hours").min(0, "must be at least 0").max(24, "must be at most 24"),
});
export type TimeoffDay = z.infer<typeof TimeoffDaySchema>;

const TimeoffDaysSchema = z.array(TimeoffDaySchema).min(1, "must list at least one day").max(366, "must list at most 366 days");

export const LeavePolicySchema = z.object({ name: z.string(), leave_policy_variant_slug: z.string(), leave_type: z.string() });

/**
 * A day of a time off as the provider answers it (`TimeoffDay`): `day` is a `Date` in its types, an
 * ISO 8601 date-time at midnight UTC on the wire; `minutes` is the minute-precision twin of `hours`.
 */
export const TimeoffDayResponseSchema = z.object({ day: z.iso.datetime(), hours: z.number(), minutes: z.number().int() });
export type TimeoffDayResponse = z.infer<typeof TimeoffDayResponseSchema>;

/** The provider's `Timeoff` (types.gen.ts). Optional fields it omits are omitted, never null. */
export const TimeoffSchema = z.object({
  id: z.uuid(),
  employment_id: z.uuid(),
  timeoff_type: AnyTimeoffTypeSchema,
  status: TimeoffStatusSchema,
  start_date: z.iso.date(),
  end_date: z.iso.date(),
  timezone: z.string(),
  timeoff_days: z.array(TimeoffDayResponseSchema),
  /** The sum of the days' `minutes`. */
  total_minutes: z.number().int(),
  notes: nullWhenAbsent(z.string()),
  /** Absent when the time off has no document (the provider's `document?: File`, never null). */
  document: FileSchema.optional(),
  approver_id: nullWhenAbsent(z.string()),
  approved_at: nullWhenAbsent(z.iso.datetime()),
  cancelled_at: nullWhenAbsent(z.iso.datetime()),
  cancel_reason: nullWhenAbsent(z.string()),
  automatic: z.boolean().default(false),
  leave_policy: LeavePolicySchema,
});
export type Timeoff = z.infer<typeof TimeoffSchema>;

export const TimeoffResponseSchema = resourceEnvelopeSchema("timeoff", TimeoffSchema);
export const TimeoffListResponseSchema = providerListEnvelopeSchema("timeoffs", TimeoffSchema);

export const TimeoffListQuerySchema = z.object({
  employment_id: z.string().max(64).optional(),
  timeoff_type: AnyTimeoffTypeSchema.optional(),
  status: TimeoffStatusSchema.optional(),
  /** The provider's window (both: overlapping it; alone: starting on/after, ending on/before). */
  start_date: PlainDateSchema.optional(),
  end_date: PlainDateSchema.optional(),
  sort_by: z.enum(["timeoff_type", "status"], { message: "must be timeoff_type or status" }).optional(),
  order: z.enum(["asc", "desc"], { message: "must be asc or desc" }).optional(),
});

const notes = z.string().max(5000, "must be at most 5000 characters").nullable().optional();
const reason = z.string().trim().min(1, "can't be blank").max(2000, "must be at most 2000 characters");
/**
 * The provider's UpdateApprovedTimeoffParams types `edit_reason` and `cancel_reason` as required
 * strings, so its own client sends both on every update: an empty one means "not given".
 */
const updateReason = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), reason.optional());

/** POST /v1/timeoff. `status` approved creates an already approved time off (approver defaults to the caller). */
export const CreateTimeoffBodySchema = z.strictObject({
  employment_id: z.string().min(1, "can't be blank").max(64),
  timeoff_type: TimeoffTypeSchema,
  start_date: PlainDateSchema,
  end_date: PlainDateSchema,
  timezone: TimeZoneSchema,
  timeoff_days: TimeoffDaysSchema,
  notes,
  document: Base64FileSchema.optional(),
  /** The provider's custom company leave policies; Roster has none, so a given id is refused (422). */
  leave_policy_variant_id: z.string().max(64).optional(),
  status: z.enum(["requested", "approved"], { message: "must be requested or approved" }).optional(),
  /** Nullable as the provider's `NullableApproverId`: null means the caller approves. */
  approver_id: z.string().max(64).nullable().optional(),
  approved_at: z.iso.datetime({ message: "must be an ISO 8601 UTC date-time" }).optional(),
});
export type CreateTimeoffBody = z.infer<typeof CreateTimeoffBodySchema>;

/**
 * PUT/PATCH /v1/timeoff/{id}: edit the dates, days, type or notes (while requested or approved and not
 * taken), and/or move the status: approve, decline (`decline_reason` required) or cancel
 * (`cancel_reason` required).
 */
export const UpdateTimeoffBodySchema = z.strictObject({
  employment_id: z.string().max(64).optional(),
  timeoff_type: TimeoffTypeSchema.optional(),
  start_date: TimeoffDayInputSchema.optional(),
  end_date: TimeoffDayInputSchema.optional(),
  timezone: TimeZoneSchema.optional(),
  timeoff_days: TimeoffDaysSchema.optional(),
  notes,
  document: Base64FileSchema.optional(),
  status: z.enum(["approved", "declined", "cancelled"], { message: "must be approved, declined or cancelled" }).optional(),
  approver_id: z.string().max(64).nullable().optional(),
  approved_at: z.iso.datetime({ message: "must be an ISO 8601 UTC date-time" }).optional(),
  /** The provider's reason for an edit; required when editing an approved time off without moving its status. */
  edit_reason: updateReason,
  cancel_reason: updateReason,
  decline_reason: reason.optional(),
});
export type UpdateTimeoffBody = z.infer<typeof UpdateTimeoffBodySchema>;

/** POST /v1/timeoff/{timeoff_id}/approve (the provider's ApproveTimeoffParams): null approver means the caller. */
export const ApproveTimeoffBodySchema = z.strictObject({ approver_id: z.string().max(64).nullable() });
/** POST /v1/timeoff/{timeoff_id}/decline (DeclineTimeoffParams): the reason may be null. */
export const DeclineTimeoffBodySchema = z.strictObject({ decline_reason: reason.nullable() });
/** POST /v1/timeoff/{timeoff_id}/cancel (CancelTimeoffParams). */
export const CancelTimeoffBodySchema = z.strictObject({ cancel_reason: reason });

/** GET /v1/timeoff/types: a fixed list, not paginated, under the provider's `data.timeoff_types`. */
export const TimeoffTypeItemSchema = z.object({
  name: AnyTimeoffTypeSchema,
  /** The provider may omit it or send null: read as an empty description. */
  description: z.preprocess((v) => v ?? "", z.string()),
});
export const TimeoffTypesResponseSchema = z.object({
  /** `data` and its list are optional in the provider's types: absent reads as no types. */
  data: z.preprocess((v) => v ?? { timeoff_types: [] }, z.object({ timeoff_types: z.array(TimeoffTypeItemSchema) })),
});
export const TimeoffTypesQuerySchema = z.object({
  /** The provider's filter; every Roster type applies to both. */
  type: z.enum(["contractor", "full_time"], { message: "must be contractor or full_time" }).optional(),
});

// ─── Balance ─────────────────────────────────────────────────────────────────────────────────────

/** The provider's `TimeoffDaysAndHours` (both optional there): a missing part reads as 0. */
export const DaysAndHoursSchema = z.object({ days: z.number().default(0), hours: z.number().default(0) });
export type DaysAndHours = z.infer<typeof DaysAndHoursSchema>;
/** `taken` / `upcoming_*` are nullable in the provider's `TimeoffBalance`: null reads as nothing. */
const daysAndHoursOrNone = z.preprocess((v) => v ?? { days: 0, hours: 0 }, DaysAndHoursSchema);

export const TIMEOFF_ENTITLEMENT_TYPES = ["annual_paid_timeoff", "carryover_pto", "additional_pto", "transfer_pto"] as const;

export const TimeoffEntitlementSchema = z.object({
  type: z.enum(TIMEOFF_ENTITLEMENT_TYPES),
  /** Null for the default contractual entitlement, in the provider's words. */
  name: z.string().nullable(),
  entitled: DaysAndHoursSchema,
  taken: DaysAndHoursSchema,
  remaining: DaysAndHoursSchema,
  /** Null when the entitlement never expires (spec 2.5: never an empty string). */
  expiry_date: z.iso.date().nullable(),
  can_expire: z.boolean(),
});
export type TimeoffEntitlement = z.infer<typeof TimeoffEntitlementSchema>;

/** The provider's `TimeoffBalance` (no employment_id: the path names it). */
export const TimeoffBalanceSchema = z.object({
  /** Days of paid time off a year under the contract (spec 2.5: an integer; 0 when the contract says nothing). */
  contractual_entitled: z.number().int().default(0),
  /** `fixed` or `unlimited` (a string in the provider's types). */
  contractual_leave_entitlement_type: z.string(),
  timeoff_entitlements: z.array(TimeoffEntitlementSchema),
  /** Approved paid time off already past, this calendar year. */
  taken: daysAndHoursOrNone,
  upcoming_approved: daysAndHoursOrNone,
  upcoming_requested: daysAndHoursOrNone,
  /** Sum of the entitlements' days. */
  total_entitled_days: z.number().default(0),
  /** A number in the provider's types (Roster: whole hours). */
  working_hours_per_day: z.number(),
});
export type TimeoffBalance = z.infer<typeof TimeoffBalanceSchema>;
export const TimeoffBalanceResponseSchema = resourceEnvelopeSchema("timeoff_balance", TimeoffBalanceSchema);
