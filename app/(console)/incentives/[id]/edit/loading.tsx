import { FormPageSkeleton } from "@/components/console/page-skeletons";

export default function IncentiveEditLoading() {
  return <FormPageSkeleton what="incentive" />;
}
