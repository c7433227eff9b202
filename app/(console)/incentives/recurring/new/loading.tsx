import { FormPageSkeleton } from "@/components/console/page-skeletons";

export default function NewRecurringIncentiveLoading() {
  return <FormPageSkeleton what="new recurring incentive form" />;
}
