import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { sectionForForm } from "@/lib/forms";

/**
 * An unknown form name answers HTTP 404 with "no such form" (app/(console)/employments/[id]/forms/not-found.tsx),
 * decided here, outside the form page's loading.tsx, before the skeleton streams a 200.
 */
export default async function EmploymentFormLayout({ children, params }: { children: ReactNode; params: Promise<{ form: string }> }) {
  const { form } = await params;
  if (!sectionForForm(decodeURIComponent(form))) notFound();
  return children;
}
