"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo } from "react";
import type { EmploymentListItem } from "@/lib/contract";
import { employmentHref } from "@/lib/console/employments/links";
import { EMPLOYMENT_DIRECTORY_QUERY } from "@/lib/console/payslips/employment-directory";
import { employmentListQuery } from "@/lib/queries/employments";
import type { QueryScope } from "@/lib/queries/scope";

/** The company's first 100 employments (prefetched by the page, same key) and a lookup by id. */
export function useEmploymentDirectory(scope: QueryScope) {
  const query = useQuery({ ...employmentListQuery(scope, EMPLOYMENT_DIRECTORY_QUERY), staleTime: 5 * 60_000 });
  const items = useMemo(() => query.data?.employments ?? [], [query.data]);
  const byId = useMemo(() => new Map(items.map((e) => [e.id, e])), [items]);
  return { items, byId, query };
}

/** An employment named and linked (its id when it is not among the directory's). */
export function EmploymentLink({ id, employment }: { id: string; employment: Pick<EmploymentListItem, "full_name"> | undefined }) {
  return (
    <Link href={employmentHref(id)} className="list-row-link">
      {employment ? employment.full_name : <code className="font-mono text-xs">{id}</code>}
    </Link>
  );
}
