import { FormPageSkeleton } from "@/components/console/page-skeletons";

export default function NewExpenseLoading() {
  return <FormPageSkeleton what="new expense form" />;
}
