import type { ReactNode } from "react";
import { offboardingPageLoad } from "@/lib/console/server/offboardings/page-loads";
import { requireFound } from "@/lib/console/server/found";

/** A missing offboarding answers HTTP 404 (app/(console)/offboardings/not-found.tsx) before [id]/loading.tsx streams a 200. */
export default async function OffboardingLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireFound((await offboardingPageLoad(id)).loaded);
  return children;
}
