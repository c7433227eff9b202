"use client";

import { ConsolePageError } from "@/components/console/page-error";

export default function WebhookDeliveriesError(props: { error: unknown; retry?: () => void; reset?: () => void }) {
  return <ConsolePageError {...props} title="The delivery log could not be shown" />;
}
