import { FormPageSkeleton } from "@/components/console/page-skeletons";

export default function NewTimeoffLoading() {
  return <FormPageSkeleton what="new time off form" />;
}
