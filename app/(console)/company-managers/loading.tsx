import { MANAGER_COLUMNS } from "@/components/console/company-managers/manager-columns";
import { ListPageSkeleton } from "@/components/console/page-skeletons";

export default function CompanyManagersLoading() {
  return <ListPageSkeleton what="company managers" columns={MANAGER_COLUMNS} rows={5} filters={0} />;
}
