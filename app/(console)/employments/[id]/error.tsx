"use client";

import { ConsolePageError } from "@/components/console/page-error";

export default function EmploymentError(props: { error: unknown; retry?: () => void; reset?: () => void }) {
  return <ConsolePageError {...props} title="The employment could not be shown" />;
}
