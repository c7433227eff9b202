import { FormPageSkeleton } from "@/components/console/page-skeletons";

export default function NewOffboardingLoading() {
  return <FormPageSkeleton what="new offboarding form" />;
}
