import { Badge } from "@/components/ui/badge";
import type { ExpenseStatus } from "@/lib/contract";
import { EXPENSE_STATUS_LABELS, EXPENSE_STATUS_TONES } from "@/lib/console/expenses/labels";

export function ExpenseStatusBadge({ status }: { status: ExpenseStatus }) {
  return (
    <Badge tone={EXPENSE_STATUS_TONES[status]} dot>
      {EXPENSE_STATUS_LABELS[status]}
    </Badge>
  );
}
