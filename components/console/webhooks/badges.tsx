import { Badge } from "@/components/ui/badge";
import {
  DELIVERY_STATUS_HINTS,
  DELIVERY_STATUS_LABELS,
  DELIVERY_STATUS_TONES,
  type WebhookDeliveryStatus,
} from "@/lib/console/webhooks/events";

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return (
    <Badge tone={DELIVERY_STATUS_TONES[status]} dot title={DELIVERY_STATUS_HINTS[status]}>
      {DELIVERY_STATUS_LABELS[status]}
    </Badge>
  );
}

/** An event type name, as the API writes it. */
export function EventTypeName({ type, className }: { type: string; className?: string }) {
  return <code className={`break-all font-mono text-[0.8125rem] text-slate-900 dark:text-slate-100 ${className ?? ""}`}>{type}</code>;
}
