import type { ReactNode } from "react";
import { incentivePageLoad } from "@/lib/console/server/incentives/page-loads";
import { requireFound } from "@/lib/console/server/found";

/** A missing incentive answers HTTP 404 (app/(console)/incentives/not-found.tsx) before [id]/edit/loading.tsx streams a 200. */
export default async function IncentiveLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireFound((await incentivePageLoad(id)).loaded);
  return children;
}
