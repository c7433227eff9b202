"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorBanner } from "@/components/console/error-banner";
import { ExportButton, DataTable, ListShell, useList, type ListColumn } from "@/components/console/list";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import type { CompanyRole } from "@/lib/contract/enums";
import type { CompanyManagerRead as CompanyManager } from "@/lib/console/api-read";
import { labelOf } from "@/lib/console/read-labels";
import { ownerCount, ROLE_LABELS } from "@/lib/console/company-managers/invite-form";
import { managersList } from "@/lib/console/company-managers/list";
import { toErrorPayload } from "@/lib/console/errors/present";
import type { Tone } from "@/lib/console/employments/labels";
import { companyKeys } from "@/lib/queries/company";
import { managerKeys, managerListQuery, removeManager } from "@/lib/queries/company-managers";
import type { QueryScope } from "@/lib/queries/scope";
import { MANAGER_COLUMNS } from "./manager-columns";

const ROLE_TONES: Record<CompanyRole, Tone> = { owner: "violet", admin: "blue", people_manager: "teal", onboarding_manager: "gray" };

/**
 * The company's users with a role. Remove asks first (a modal dialog); the API decides, and its
 * refusal (409 for the last owner, 403 without the permission) is shown in the dialog as it wrote it.
 */
export function ManagersList({
  scope,
  companyName,
  currentUserId,
  environmentLabel,
  initialError,
}: {
  scope: QueryScope;
  companyName: string | null;
  currentUserId: string | null;
  environmentLabel: string;
  initialError?: ApiErrorPayload;
}) {
  const queryClient = useQueryClient();
  const model = useList(managersList, (q) => managerListQuery(scope, q), { initialError });
  const [target, setTarget] = useState<CompanyManager | null>(null);
  const [refusal, setRefusal] = useState<ApiErrorPayload | null>(null);
  const [removed, setRemoved] = useState<CompanyManager | null>(null);

  const mutation = useMutation({
    mutationFn: (userId: string) => removeManager(scope, userId),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: managerKeys.all(scope) }),
        queryClient.invalidateQueries({ queryKey: companyKeys.managers(scope) }),
      ]);
    },
  });

  const confirmRemove = async () => {
    if (!target) return;
    setRefusal(null);
    try {
      await mutation.mutateAsync(target.user_id);
      setRemoved(target);
      setTarget(null);
    } catch (thrown) {
      const error = toErrorPayload(thrown);
      if (error.status !== 401) setRefusal(error);
    }
  };

  const data = model.data;
  const owners = data ? ownerCount(data.company_managers, data.total_pages) : null;
  const onlyOwner = target?.role === "owner" && owners === 1;
  const isSelf = target !== null && target.user_id === currentUserId;

  const columns = useMemo<ListColumn<CompanyManager>[]>(
    () => [
      {
        id: "name",
        header: "Name",
        meta: { sortKey: "name", className: "min-w-48 font-medium text-slate-900 dark:text-white" },
        cell: ({ row: { original: m } }) => (
          <>
            {m.user_name}
            {m.user_id === currentUserId ? (
              <Badge tone="sky" className="ml-2">
                You
              </Badge>
            ) : null}
          </>
        ),
      },
      {
        id: "email",
        header: "Email",
        meta: { sortKey: "email" },
        cell: ({ row: { original: m } }) => (
          <a href={`mailto:${m.user_email}`} className="break-all text-brand-700 underline-offset-2 hover:underline dark:text-brand-50">
            {m.user_email}
          </a>
        ),
      },
      {
        id: "role",
        header: "Role",
        meta: { sortKey: "role" },
        cell: ({ row: { original: m } }) => (
          <Badge tone={(ROLE_TONES as Record<string, Tone>)[m.role] ?? "gray"}>{labelOf(ROLE_LABELS, m.role)}</Badge>
        ),
      },
      {
        id: "actions",
        header: () => <span className="sr-only">Actions</span>,
        meta: { className: "text-right", headerClassName: "text-right" },
        cell: ({ row: { original: m } }) => (
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Remove ${m.user_name}`}
            onClick={() => {
              setRefusal(null);
              setRemoved(null);
              setTarget(m);
            }}
          >
            Remove
          </Button>
        ),
      },
    ],
    [currentUserId],
  );

  return (
    <div className="space-y-4">
      <ListShell
        scope={scope}
        model={model}
        items={data?.company_managers ?? []}
        noun={["company manager", "company managers"]}
        operation="company-managers.read"
        environmentLabel={environmentLabel}
        columns={MANAGER_COLUMNS}
        toolbar={
          <ExportButton
            endpoint="/api/bff/company-managers/export"
            scope={scope}
            noun={["company manager", "company managers"]}
            columns={MANAGER_COLUMNS}
            operation="company-managers.read"
          />
        }
        emptyText="Invite someone with the form on this page."
        summary={removed ? `${removed.user_name} was removed from the company.` : undefined}
      >
        {(items, { busy, caption }) => (
          <DataTable
            {...model.table}
            label="Company managers"
            caption={caption}
            rows={items}
            columns={columns}
            getRowId={(m) => m.user_id}
            busy={busy}
          />
        )}
      </ListShell>

      <ConfirmDialog
        open={target !== null}
        title={target ? `Remove ${target.user_name}?` : "Remove"}
        confirmLabel="Remove"
        pendingLabel="Removing…"
        pending={mutation.isPending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => {
          setTarget(null);
          setRefusal(null);
        }}
        feedback={
          refusal && target ? (
            <ErrorBanner
              title={refusal.kind === "conflict" ? `The API keeps ${target.user_name}` : `${target.user_name} was not removed`}
              error={refusal}
              operation="company-managers.write"
              role="alert"
            />
          ) : null
        }
      >
        {target ? (
          <>
            <p>
              {target.user_name} ({target.user_email}, {labelOf(ROLE_LABELS, target.role)}) loses access to {companyName ?? "the company"}.
              Employments they manage lose their manager, and the company&apos;s webhooks hear of it.
            </p>
            {isSelf ? (
              <p className="font-medium text-red-800 dark:text-red-300">
                This is you: the console loses its access to the API with your account.
              </p>
            ) : null}
            {onlyOwner ? (
              <p className="font-medium">This is the company&apos;s only owner. The API keeps at least one owner, so it will refuse.</p>
            ) : null}
          </>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
