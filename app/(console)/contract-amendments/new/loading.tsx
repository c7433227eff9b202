import { FormPageSkeleton } from "@/components/console/page-skeletons";

export default function NewContractAmendmentLoading() {
  return <FormPageSkeleton what="new contract amendment form" />;
}
