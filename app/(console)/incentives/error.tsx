"use client";

import { ConsolePageError } from "@/components/console/page-error";

export default function IncentivesError(props: { error: unknown; retry?: () => void; reset?: () => void }) {
  return <ConsolePageError {...props} title="The incentives could not be shown" />;
}
