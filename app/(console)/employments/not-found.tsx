import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Card } from "@/components/ui/card";
import { EMPLOYMENTS_PATH } from "@/lib/console/employments/links";

/** The API answered 404: no such employment in this company and this environment. */
export default function EmploymentNotFound() {
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Employment not found</h1>
      <Card>
        <EmptyState
          title="There is no employment at this address"
          actions={
            <ButtonLink href={EMPLOYMENTS_PATH} variant="primary">
              All employments
            </ButtonLink>
          }
        >
          It may have been deleted, or it belongs to another company or to the other environment (sandbox and production hold separate
          data). Check the environment in the header.
        </EmptyState>
      </Card>
    </>
  );
}
