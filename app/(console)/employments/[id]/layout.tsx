import type { ReactNode } from "react";
import { QueryProvider } from "@/components/console/query-provider";
import { employmentPageLoads } from "@/lib/console/server/employments/page-loads";
import { requireFound } from "@/lib/console/server/found";

/**
 * Every page of one employment: a missing employment answers HTTP 404 with the not-found page
 * (app/(console)/employments/not-found.tsx) before any loading.tsx below flushes a 200 shell.
 * The pages read the same loads (employmentPageLoads is cached per request). TanStack Query's provider
 * is here, not in the console's layout (components/console/query-provider.tsx).
 */
export default async function EmploymentLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { loads } = await employmentPageLoads(id);
  await requireFound(loads.employment.loaded);
  return <QueryProvider>{children}</QueryProvider>;
}
