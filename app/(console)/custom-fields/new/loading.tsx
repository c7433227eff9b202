import { FormPageSkeleton } from "@/components/console/page-skeletons";

export default function NewCustomFieldLoading() {
  return <FormPageSkeleton what="new custom field form" />;
}
