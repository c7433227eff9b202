import { PAYMENT_COLUMN_LABELS } from "@/components/console/outstanding-payments/payment-columns";
import { ListPageSkeleton } from "@/components/console/page-skeletons";

export default function OutstandingPaymentsLoading() {
  return <ListPageSkeleton what="outstanding payments" columns={PAYMENT_COLUMN_LABELS} />;
}
