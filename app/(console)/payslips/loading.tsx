import { PAYSLIP_COLUMNS } from "@/components/console/payslips/payslip-columns";
import { ListPageSkeleton } from "@/components/console/page-skeletons";

export default function PayslipsLoading() {
  return <ListPageSkeleton what="payslips" columns={PAYSLIP_COLUMNS} rows={8} />;
}
