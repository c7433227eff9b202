import { Badge } from "@/components/ui/badge";
import {
  RECURRING_STATUS_LABELS,
  RECURRING_STATUS_TONES,
  incentiveStatusLabel,
  incentiveStatusTone,
  type RecurringIncentiveStatus,
} from "@/lib/console/incentives/labels";

/** `status` is a string in the provider's types: an unknown one shows as it is. */
export function IncentiveStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={incentiveStatusTone(status)} dot>
      {incentiveStatusLabel(status)}
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
