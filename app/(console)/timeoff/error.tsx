"use client";

import { ConsolePageError } from "@/components/console/page-error";

export default function TimeoffError(props: { error: unknown; retry?: () => void; reset?: () => void }) {
  return <ConsolePageError {...props} title="Time off could not be shown" />;
}
