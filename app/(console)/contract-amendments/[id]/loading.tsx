import { DetailPageSkeleton } from "@/components/console/page-skeletons";

export default function ContractAmendmentLoading() {
  return <DetailPageSkeleton what="contract amendment" />;
}
