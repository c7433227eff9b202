"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useCallback, useMemo, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { TableSkeleton } from "@/components/ui/table-skeleton";
import { Table, TableContainer, TBody, Td, Th, THead, Tr } from "@/components/ui/table";
import { ErrorBanner } from "@/components/console/error-banner";
import { ListFooter, rangeText } from "@/components/console/payslips/list-footer";
import type { ApiErrorPayload } from "@/lib/console/api-errors";
import type { CompanyRole } from "@/lib/contract";
import { labelOf, type CompanyManagerRead as CompanyManager } from "@/lib/console/api-read";
import { ownerCount, ROLE_LABELS } from "@/lib/console/company-managers/invite-form";
import { managerStateHref, parseManagerState, toManagerApiQuery, type ManagerListState } from "@/lib/console/company-managers/url-state";
import { toErrorPayload } from "@/lib/console/errors/present";
import type { Tone } from "@/lib/console/employments/labels";
import { companyKeys } from "@/lib/queries/company";
import { managerKeys, managerListQuery, removeManager } from "@/lib/queries/company-managers";
import type { QueryScope } from "@/lib/queries/scope";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

const COLUMNS = ["Name", "Email", "Role", "Actions"] as const;
const ROLE_TONES: Record<CompanyRole, Tone> = { owner: "violet", admin: "blue", people_manager: "teal", onboarding_manager: "gray" };

/**
 * The company's users with a role. Remove asks first (a modal dialog); the API decides, and its
 * refusal (409 for the last owner, 403 without the permission) is shown in the dialog as it wrote it.
 */
export function ManagersList({
  scope,
  companyName,
  currentUserId,
  initialError,
}: {
  scope: QueryScope;
  companyName: string | null;
  currentUserId: string | null;
  initialError?: ApiErrorPayload;
}) {
  const queryClient = useQueryClient();
  const searchParams = useSearchParams();
  const state = useMemo(() => parseManagerState(searchParams), [searchParams]);
  const apiQuery = useMemo(() => toManagerApiQuery(state), [state]);
  const [serverError, setServerError] = useState<ApiErrorPayload | null>(initialError ?? null);
  const query = useQuery({ ...managerListQuery(scope, apiQuery), placeholderData: keepPreviousData, enabled: serverError === null });
  const [target, setTarget] = useState<CompanyManager | null>(null);
  const [refusal, setRefusal] = useState<ApiErrorPayload | null>(null);
  const [removed, setRemoved] = useState<CompanyManager | null>(null);

  const change = useCallback(
    (patch: Partial<ManagerListState>) => {
      setServerError(null);
      window.history.pushState(null, "", managerStateHref({ ...state, ...patch, ...("pageSize" in patch ? { page: 1 } : {}) }));
    },
    [state],
  );

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

  const data = query.data;
  const busy = query.isFetching && query.isPlaceholderData;
  const error = serverError ?? (query.isError ? toErrorPayload(query.error) : null);
  const owners = data ? ownerCount(data.company_managers, data.total_pages) : null;
  const onlyOwner = target?.role === "owner" && owners === 1;
  const isSelf = target !== null && target.user_id === currentUserId;

  return (
    <div className="space-y-4">
      <p role="status" aria-live="polite" className="min-h-6 text-sm text-slate-700 dark:text-slate-300">
        {busy
          ? "Loading company managers…"
          : removed
            ? `${removed.user_name} was removed from the company.`
            : data
              ? rangeText(state.page, state.pageSize, data.company_managers.length, data.total_count, [
                  "company manager",
                  "company managers",
                ])
              : ""}
      </p>
      {error ? (
        <ErrorBanner
          error={error}
          operation="company-managers.read"
          role={serverError ? undefined : "alert"}
          actions={
            <Button variant="secondary" size="sm" onClick={() => (serverError ? setServerError(null) : void query.refetch())}>
              Try again
            </Button>
          }
        />
      ) : null}
      <Card className="overflow-hidden">
        {!data ? (
          error ? (
            <EmptyState title="The company managers could not be loaded">The error above says why.</EmptyState>
          ) : (
            <ManagersTableSkeleton />
          )
        ) : data.company_managers.length === 0 ? (
          <EmptyState
            title={data.total_count > 0 ? `Page ${state.page} is past the end` : "No company managers"}
            actions={
              data.total_count > 0 ? (
                <Button variant="secondary" onClick={() => change({ page: 1 })}>
                  First page
                </Button>
              ) : undefined
            }
          >
            {data.total_count > 0 ? null : "Invite someone with the form on this page."}
          </EmptyState>
        ) : (
          <TableContainer label="Company managers">
            <Table aria-busy={busy || undefined} className={cn("transition-opacity", busy && "opacity-60")}>
              <caption className="sr-only">{`Company managers, page ${data.current_page} of ${Math.max(1, data.total_pages)}`}</caption>
              <THead>
                <Tr>
                  {COLUMNS.map((c) => (
                    <Th key={c} className={c === "Actions" ? "text-right" : undefined}>
                      {c === "Actions" ? <span className="sr-only">Actions</span> : c}
                    </Th>
                  ))}
                </Tr>
              </THead>
              <TBody>
                {data.company_managers.map((m) => (
                  <Tr key={m.user_id}>
                    <Td className="min-w-48 font-medium text-slate-900 dark:text-white">
                      {m.user_name}
                      {m.user_id === currentUserId ? (
                        <Badge tone="sky" className="ml-2">
                          You
                        </Badge>
                      ) : null}
                    </Td>
                    <Td>
                      <a
                        href={`mailto:${m.user_email}`}
                        className="break-all text-brand-700 underline-offset-2 hover:underline dark:text-brand-50"
                      >
                        {m.user_email}
                      </a>
                    </Td>
                    <Td>
                      <Badge tone={(ROLE_TONES as Record<string, Tone>)[m.role] ?? "gray"}>{labelOf(ROLE_LABELS, m.role)}</Badge>
                    </Td>
                    <Td className="text-right">
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
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </TableContainer>
        )}
      </Card>
      {data ? (
        <ListFooter
          page={state.page}
          pageSize={state.pageSize}
          totalPages={data.total_pages}
          hrefFor={(page) => managerStateHref({ ...state, page })}
          onPage={(page) => change({ page })}
          onPageSize={(pageSize) => change({ pageSize })}
        />
      ) : null}

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

export function ManagersTableSkeleton({ rows = 5 }: { rows?: number }) {
  return <TableSkeleton columns={COLUMNS} rows={rows} label="Loading company managers…" cellClassName="h-4 w-28" />;
}
