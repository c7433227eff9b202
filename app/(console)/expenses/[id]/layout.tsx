import type { ReactNode } from "react";
import { expensePageLoad } from "@/lib/console/server/expenses/page-loads";
import { requireFound } from "@/lib/console/server/found";

/** A missing expense answers HTTP 404 (app/(console)/expenses/not-found.tsx) before [id]/loading.tsx streams a 200. */
export default async function ExpenseLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireFound((await expensePageLoad(id)).loaded);
  return children;
}
