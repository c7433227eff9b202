"use client";

import { OFFBOARDING_STATUSES } from "@/lib/contract/enums";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import { OFFBOARDING_STATUS_LABELS } from "@/lib/console/offboardings/labels";
import { offboardingsList } from "@/lib/console/offboardings/list";
import { offboardingListQuery, type OffboardingPage } from "@/lib/queries/offboardings";
import type { QueryScope } from "@/lib/queries/scope";
import { ExportButton } from "@/components/console/list";
import { ListView } from "@/components/console/list/list-view";
import { usePeopleOpsEmployments } from "../people-ops/use-employments";
import { OFFBOARDING_COLUMNS } from "./offboarding-columns";
import { OffboardingsTable } from "./offboardings-table";

const itemsOf = (p: OffboardingPage) => p.offboardings;

/** The offboardings list: filters and the prefetched page; each row opens the offboarding. */
export function OffboardingsList({
  scope,
  environmentLabel,
  initialError,
}: {
  scope: QueryScope;
  environmentLabel: string;
  initialError?: ApiErrorPayload;
}) {
  const { items: employments, names } = usePeopleOpsEmployments(scope);
  return (
    <ListView
      scope={scope}
      operation="offboardings.read"
      employmentFilter="employmentId"
      list={offboardingsList}
      query={(q) => offboardingListQuery(scope, q)}
      itemsOf={itemsOf}
      noun={["offboarding", "offboardings"]}
      filters={[
        { name: "status", label: "Status", options: OFFBOARDING_STATUSES.map((v) => ({ value: v, label: OFFBOARDING_STATUS_LABELS[v] })) },
      ]}
      employments={employments}
      environmentLabel={environmentLabel}
      initialError={initialError}
      emptyText="Terminations requested for the company's employees appear here. Start one from an active employment's page. Confidential ones are listed only for the person who submitted them."
      columns={OFFBOARDING_COLUMNS}
      toolbar={
        <ExportButton
          endpoint="/api/bff/offboardings/export"
          scope={scope}
          noun={["offboarding", "offboardings"]}
          columns={OFFBOARDING_COLUMNS}
          operation="offboardings.read"
        />
      }
      renderTable={(items, { busy, caption, table }) => (
        <OffboardingsTable items={items} names={names} busy={busy} caption={caption} table={table} />
      )}
    />
  );
}
