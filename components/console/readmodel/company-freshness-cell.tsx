import { Badge } from "@/components/ui/badge";
import { describeCompanyFreshness, formatSyncTime, type CompanyFreshnessView } from "@/lib/console/readmodel/list";

const BADGE = {
  fresh: { tone: "green", label: "Synced" },
  never_synced: { tone: "gray", label: "Not synced yet" },
  behind: { tone: "amber", label: "Behind" },
  failing: { tone: "red", label: "Failing" },
} as const;

/** One company's read-model freshness in a table cell (the partner's companies page). */
export function CompanyFreshnessCell({ freshness, readAt }: { freshness: CompanyFreshnessView | null; readAt: string }) {
  if (!freshness) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  const now = new Date(readAt);
  const badge = BADGE[freshness.state];
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-1">
        <Badge tone={badge.tone}>{badge.label}</Badge>
        {freshness.syncing ? <Badge tone="blue">Syncing</Badge> : null}
      </div>
      <p className="text-slate-700 dark:text-slate-300">
        {freshness.state === "fresh" && freshness.lastSyncedAt
          ? `Last synced ${formatSyncTime(freshness.lastSyncedAt, now)}`
          : describeCompanyFreshness(freshness, now)}
      </p>
    </div>
  );
}
