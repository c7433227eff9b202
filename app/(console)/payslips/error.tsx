"use client";

import { ConsolePageError } from "@/components/console/page-error";

export default function PayslipsError(props: { error: unknown; retry?: () => void; reset?: () => void }) {
  return <ConsolePageError {...props} title="The payslips could not be shown" />;
}
