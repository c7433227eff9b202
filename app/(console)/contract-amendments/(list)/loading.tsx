import { AMENDMENT_COLUMNS } from "@/components/console/contract-amendments/amendment-columns";
import { ListPageSkeleton } from "@/components/console/page-skeletons";

export default function ContractAmendmentsLoading() {
  return <ListPageSkeleton what="contract amendments" columns={AMENDMENT_COLUMNS} />;
}
