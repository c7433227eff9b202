import { FormPageSkeleton } from "@/components/console/page-skeletons";

export default function NewIncentiveLoading() {
  return <FormPageSkeleton what="new incentive form" />;
}
