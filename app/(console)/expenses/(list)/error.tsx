"use client";

import { ConsolePageError } from "@/components/console/page-error";

export default function ExpensesError(props: { error: unknown; retry?: () => void; reset?: () => void }) {
  return <ConsolePageError {...props} title="The expenses could not be shown" />;
}
