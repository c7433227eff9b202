"use client";

import { ConsolePageError } from "@/components/console/page-error";

export default function OffboardingsError(props: { error: unknown; retry?: () => void; reset?: () => void }) {
  return <ConsolePageError {...props} title="The offboardings could not be shown" />;
}
