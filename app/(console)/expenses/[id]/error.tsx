"use client";

import { ConsolePageError } from "@/components/console/page-error";

export default function ExpenseError(props: { error: unknown; retry?: () => void; reset?: () => void }) {
  return <ConsolePageError {...props} title="The expense could not be shown" />;
}
