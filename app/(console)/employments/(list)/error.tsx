"use client";

import { ConsolePageError } from "@/components/console/page-error";

export default function EmploymentsError(props: { error: unknown; retry?: () => void; reset?: () => void }) {
  return <ConsolePageError {...props} title="The employments could not be shown" />;
}
