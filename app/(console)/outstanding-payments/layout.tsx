import type { ReactNode } from "react";
import { QueryProvider } from "@/components/console/query-provider";

// TanStack Query for this segment's pages (not in the console's layout: /employments goes without it).
export default function QueryLayout({ children }: { children: ReactNode }) {
  return <QueryProvider>{children}</QueryProvider>;
}
