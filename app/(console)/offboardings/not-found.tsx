import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { OFFBOARDINGS_PATH } from "@/lib/console/offboardings/links";

export default function OffboardingNotFound() {
  return (
    <>
      <h1 className="mb-6 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Offboarding not found</h1>
      <EmptyState
        title="No such offboarding in this environment"
        actions={
          <ButtonLink href={OFFBOARDINGS_PATH} variant="secondary">
            All offboardings
          </ButtonLink>
        }
      >
        It may belong to the other environment or another company, or it is confidential: confidential requests are visible only to the
        person who submitted them.
      </EmptyState>
    </>
  );
}
