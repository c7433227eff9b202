import { Badge } from "@/components/ui/badge";
import type { AnyExpenseStatus } from "@/lib/contract";
import { EXPENSE_STATUS_LABELS, EXPENSE_STATUS_TONES } from "@/lib/console/expenses/labels";

export function ExpenseStatusBadge({ status }: { status: AnyExpenseStatus }) {
  return (
    <Badge tone={EXPENSE_STATUS_TONES[status]} dot>
      {EXPENSE_STATUS_LABELS[status]}
    </Badge>
  );
}
