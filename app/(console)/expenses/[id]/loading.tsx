import { DetailPageSkeleton } from "@/components/console/page-skeletons";

export default function ExpenseLoading() {
  return <DetailPageSkeleton what="expense" />;
}
