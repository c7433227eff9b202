"use client";

import { ConsolePageError } from "@/components/console/page-error";

export default function WebhooksError(props: { error: unknown; retry?: () => void; reset?: () => void }) {
  return <ConsolePageError {...props} title="The webhooks could not be shown" />;
}
