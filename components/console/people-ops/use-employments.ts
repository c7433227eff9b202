"use client";

import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useMemo } from "react";
import type { EmploymentListItem } from "@/lib/contract";
import { toEmploymentListItem } from "@/lib/contract/helpers";
import { employmentNames, PEOPLE_OPS_EMPLOYMENTS_QUERY } from "@/lib/console/people-ops/eligibility";
import { employmentIdOf } from "@/lib/console/list";
import { employmentDetailQuery, employmentListQuery } from "@/lib/queries/employments";
import type { QueryScope } from "@/lib/queries/scope";

/**
 * The employments the people-ops pages name and offer: the first page of 100 (prefetched by the page,
 * same key), plus the one the page is about when it is not among them (`ensureId`, by default the
 * URL's `employment_id`), read on its own. Companies with more employments still get their forms
 * preselected and their filtered lists named.
 */
export function usePeopleOpsEmployments(scope: QueryScope, ensureId?: string) {
  const urlId = employmentIdOf(new URLSearchParams(useSearchParams()));
  const wanted = ensureId ?? urlId;
  const query = useQuery({ ...employmentListQuery(scope, PEOPLE_OPS_EMPLOYMENTS_QUERY), staleTime: 60_000 });
  const listed = query.data?.employments;
  const missing = Boolean(wanted && listed && !listed.some((e) => e.id === wanted));
  const extra = useQuery({ ...employmentDetailQuery(scope, wanted), enabled: missing, staleTime: 60_000 });
  const items = useMemo<EmploymentListItem[] | undefined>(
    () => (listed && missing && extra.data ? [...listed, toEmploymentListItem(extra.data)] : listed),
    [listed, missing, extra.data],
  );
  const names = useMemo(() => employmentNames(items), [items]);
  // Still loading: the list, or the one employment it lacks (a 404 there is an answer, not a wait).
  const pending = query.isPending || (missing && extra.isPending);
  return { query, items, names, pending };
}
