import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { EMPLOYMENTS_PATH } from "@/lib/console/employments/links";

export const metadata: Metadata = { title: "Page not found" };

/** An address inside the console that no page answers (app/(console)/[...missing]), or an object's not-found without its own page. */
export default function ConsoleNotFound() {
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Page not found</h1>
      <Card>
        <EmptyState
          title="There is no page at this address"
          actions={
            <ButtonLink href={EMPLOYMENTS_PATH} variant="primary">
              All employments
            </ButtonLink>
          }
        >
          The link may be out of date, or the address was mistyped. The navigation above leads to every part of the console.
        </EmptyState>
      </Card>
    </>
  );
}
