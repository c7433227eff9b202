"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";

const LINKS = [
  { href: "/partner", label: "Companies", exact: true },
  { href: "/partner/employments", label: "All employments", exact: false },
  { href: "/partner/connect", label: "Connect a company", exact: false },
] as const;

/** The partner view's own pages (operators only). */
export function PartnerNavLinks() {
  const pathname = usePathname();
  return (
    <ul className="flex flex-wrap items-center gap-0.5">
      {LINKS.map((l) => {
        const active = l.exact ? pathname === l.href || pathname.startsWith("/partner/audit") : pathname.startsWith(l.href);
        return (
          <li key={l.href}>
            <Link
              href={l.href}
              aria-current={active ? "page" : undefined}
              className={cn(
                "rounded-md px-2.5 py-1.5 text-sm font-medium",
                active
                  ? "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-white"
                  : "text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white",
              )}
            >
              {l.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
