"use client";

import { useParams } from "next/navigation";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { EMPLOYMENTS_PATH, employmentHref } from "@/lib/console/employments/links";

/** The employment exists (its layout checked), the form name does not. */
export default function EmploymentFormNotFound() {
  const { id } = useParams<{ id: string }>();
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Form not found</h1>
      <Card>
        <EmptyState
          title="There is no such form"
          actions={
            <>
              <ButtonLink href={employmentHref(id)} variant="primary">
                Back to the employment
              </ButtonLink>
              <ButtonLink href={EMPLOYMENTS_PATH} variant="ghost">
                All employments
              </ButtonLink>
            </>
          }
        >
          The employment exists, but the address names a form the console does not have. The employment page links to each of its forms.
        </EmptyState>
      </Card>
    </>
  );
}
