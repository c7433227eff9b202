"use client";

import { ConsolePageError } from "@/components/console/page-error";

export default function AreaError(props: { error: unknown; retry?: () => void; reset?: () => void }) {
  return <ConsolePageError {...props} title="The contract amendments could not be shown" />;
}
