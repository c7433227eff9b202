import type { ReactNode } from "react";
import { amendmentPageLoad } from "@/lib/console/server/contract-amendments/page-loads";
import { requireFound } from "@/lib/console/server/found";

/** A missing contract amendment answers HTTP 404 (app/(console)/contract-amendments/not-found.tsx) before [id]/loading.tsx streams a 200. */
export default async function ContractAmendmentLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireFound((await amendmentPageLoad(id)).loaded);
  return children;
}
