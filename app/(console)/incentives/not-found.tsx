import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { INCENTIVES_PATH } from "@/lib/console/incentives/links";

export default function IncentiveNotFound() {
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Incentive not found</h1>
      <EmptyState
        title="No such incentive in this environment"
        actions={
          <ButtonLink href={INCENTIVES_PATH} variant="secondary">
            All incentives
          </ButtonLink>
        }
      >
        It may belong to the other environment or another company, or it was deleted.
      </EmptyState>
    </>
  );
}
