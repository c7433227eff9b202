import { INCENTIVES_PATH, RECURRING_INCENTIVES_PATH } from "@/lib/console/incentives/links";
import { withEmploymentId } from "@/lib/console/list";
import { AreaTabs } from "../people-ops/area-tabs";

/** One-time and recurring incentives (the employment filter follows from one to the other). */
export function IncentivesTabs({ current, employmentId }: { current: "one-time" | "recurring"; employmentId?: string }) {
  return (
    <AreaTabs
      label="Incentives"
      current={current}
      tabs={[
        { key: "one-time", label: "One-time", href: withEmploymentId(INCENTIVES_PATH, employmentId) },
        { key: "recurring", label: "Recurring", href: withEmploymentId(RECURRING_INCENTIVES_PATH, employmentId) },
      ]}
    />
  );
}
