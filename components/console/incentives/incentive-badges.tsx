import { Badge } from "@/components/ui/badge";
import type { IncentiveStatus } from "@/lib/contract";
import {
  INCENTIVE_STATUS_LABELS,
  INCENTIVE_STATUS_TONES,
  RECURRING_STATUS_LABELS,
  RECURRING_STATUS_TONES,
  type RecurringIncentiveStatus,
} from "@/lib/console/incentives/labels";

export function IncentiveStatusBadge({ status }: { status: IncentiveStatus }) {
  return (
    <Badge tone={INCENTIVE_STATUS_TONES[status]} dot>
      {INCENTIVE_STATUS_LABELS[status]}
    </Badge>
  );
}

export function RecurringStatusBadge({ status }: { status: RecurringIncentiveStatus }) {
  return (
    <Badge tone={RECURRING_STATUS_TONES[status]} dot>
      {RECURRING_STATUS_LABELS[status]}
    </Badge>
  );
}
