"use client";

import { useCallback } from "react";
import { BulkActions, useBulkSelection, type BulkAction, type BulkRunResult } from "@/components/console/list/bulk-actions";
import type { TableSort } from "@/components/console/list/sort-header";
import { inviteEmploymentRequest } from "@/components/forms/requests";
import type { EmploymentListItem } from "@/lib/contract";
import { inviteAvailability } from "@/lib/console/employments/invite";
import { employmentKeys } from "@/lib/queries/employments";
import type { QueryScope } from "@/lib/queries/scope";
import { EmploymentsTable } from "./employments-table";

const employmentId = (e: EmploymentListItem) => e.id;
const employmentName = (e: EmploymentListItem) => e.full_name;
const selectLabel = (e: EmploymentListItem) => `Select ${e.full_name}`;
const employees = (n: number) => (n === 1 ? "1 employee" : `${n} employees`);

/** The employments table with row selection and bulk invite (components/console/list/bulk-actions.tsx). */
export function BulkEmploymentsTable({
  scope,
  onResult,
  items,
  busy,
  caption,
  sort,
  hidden,
}: {
  scope: QueryScope;
  onResult: (r: BulkRunResult | null) => void;
  items: readonly EmploymentListItem[];
  busy: boolean;
  caption: string;
  /** Sortable headers (the list served from the read model). */
  sort?: TableSort;
  /** Ids of the hidden columns (`?hide=`). */
  hidden?: readonly string[];
}) {
  const { selected, selection, clear } = useBulkSelection(items, employmentId, selectLabel);
  const run = useCallback((e: EmploymentListItem) => inviteEmploymentRequest(scope, e.id), [scope]);
  const actions: BulkAction<EmploymentListItem>[] = [
    {
      id: "invite",
      label: "Invite",
      title: "Invite employees",
      describe: (n) => `${employees(n)} will be invited to self-enrol: each gets an e-mail from the provider to complete their details.`,
      confirmLabel: (n) => `Invite ${employees(n)}`,
      pendingLabel: "Inviting…",
      variant: "primary",
      check: inviteAvailability,
      run,
    },
  ];
  return (
    <div className="space-y-3">
      <BulkActions
        rows={items}
        getRowId={employmentId}
        rowName={employmentName}
        selected={selected}
        onClear={clear}
        actions={actions}
        operation="employments.write"
        invalidate={employmentKeys.all(scope)}
        onResult={onResult}
      />
      <EmploymentsTable items={items} busy={busy} caption={caption} selection={selection} sort={sort} hidden={hidden} />
    </div>
  );
}
