"use client";

import { ConsolePageError } from "@/components/console/page-error";

export default function EmploymentFormError(props: { error: unknown; retry?: () => void; reset?: () => void }) {
  return <ConsolePageError {...props} title="The form could not be shown" />;
}
