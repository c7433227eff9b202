"use client";

import { ConsolePageError } from "@/components/console/page-error";

export default function NewExpenseError(props: { error: unknown; retry?: () => void; reset?: () => void }) {
  return <ConsolePageError {...props} title="The expense form could not be shown" />;
}
