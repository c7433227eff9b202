import { Badge } from "@/components/ui/badge";
import type { GrantStatus } from "@/lib/console/partner/grant-status";

export const HEALTH_LABELS: Record<GrantStatus, string> = {
  active: "Active",
  refresh_failing: "Refresh failing",
  revoked: "Consent revoked",
};

const TONES = { active: "green", refresh_failing: "amber", revoked: "red" } as const;

/** A company grant's health, as a badge. */
export function GrantHealthBadge({ status }: { status: GrantStatus }) {
  return (
    <Badge tone={TONES[status]} dot>
      {HEALTH_LABELS[status]}
    </Badge>
  );
}

const format = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** A time for the partner tables (UTC, stated). */
export function UtcTime({ value }: { value: Date | string | null }) {
  if (!value) return <span className="text-slate-500 dark:text-slate-400">Never</span>;
  const date = typeof value === "string" ? new Date(value) : value;
  return <time dateTime={date.toISOString()}>{format.format(date)} UTC</time>;
}
