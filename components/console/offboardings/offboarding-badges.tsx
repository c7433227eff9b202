import { Badge } from "@/components/ui/badge";
import type { OffboardingStatus } from "@/lib/contract";
import { OFFBOARDING_STATUS_DESCRIPTIONS, OFFBOARDING_STATUS_LABELS, OFFBOARDING_STATUS_TONES } from "@/lib/console/offboardings/labels";

export function OffboardingStatusBadge({ status }: { status: OffboardingStatus }) {
  return (
    <Badge tone={OFFBOARDING_STATUS_TONES[status]} dot title={OFFBOARDING_STATUS_DESCRIPTIONS[status]}>
      {OFFBOARDING_STATUS_LABELS[status]}
    </Badge>
  );
}
