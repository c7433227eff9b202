import { FormPageSkeleton } from "@/components/console/page-skeletons";

/** A country form section while it loads (the shared form-page skeleton). */
export default function EmploymentFormLoading() {
  return <FormPageSkeleton what="form" fields={6} />;
}
