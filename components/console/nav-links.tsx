"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";

// In the order of the work: people, then pay, then company settings and integrations.
const LINKS = [
  { href: "/employments", label: "Employments" },
  { href: "/timeoff", label: "Time off" },
  { href: "/expenses", label: "Expenses" },
  { href: "/incentives", label: "Incentives" },
  { href: "/offboardings", label: "Offboardings" },
  { href: "/contract-amendments", label: "Amendments" },
  { href: "/payslips", label: "Payslips" },
  { href: "/outstanding-payments", label: "Payments" },
  { href: "/custom-fields", label: "Custom fields" },
  { href: "/company-managers", label: "Managers" },
  { href: "/webhooks", label: "Webhooks" },
] as const;

export function NavLinks() {
  const pathname = usePathname();
  return (
    <ul className="flex flex-wrap items-center gap-0.5">
      {LINKS.map((l) => {
        const active = pathname === l.href || pathname.startsWith(`${l.href}/`);
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
