import { DetailPageSkeleton } from "@/components/console/page-skeletons";

export default function OffboardingLoading() {
  return <DetailPageSkeleton what="offboarding" />;
}
