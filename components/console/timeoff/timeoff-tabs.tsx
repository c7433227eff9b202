import { TIMEOFF_BALANCES_PATH, TIMEOFF_PATH, TIMEOFF_TYPES_PATH } from "@/lib/console/timeoff/links";
import { AreaTabs } from "../people-ops/area-tabs";

export function TimeoffTabs({ current }: { current: "requests" | "balances" | "types" }) {
  return (
    <AreaTabs
      label="Time off"
      current={current}
      tabs={[
        { key: "requests", label: "Requests", href: TIMEOFF_PATH },
        { key: "balances", label: "Balances", href: TIMEOFF_BALANCES_PATH },
        { key: "types", label: "Types", href: TIMEOFF_TYPES_PATH },
      ]}
    />
  );
}
