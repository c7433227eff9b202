"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

export interface NavLink {
  href: string;
  label: string;
  /** Active only on the link's own page (not below it)… */
  exact?: boolean;
  /** …or also below these paths. */
  also?: readonly string[];
}

// In the order of the work: people, then pay, then company settings and integrations.
export const COMPANY_LINKS: readonly NavLink[] = [
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
];

const isActive = (l: NavLink, pathname: string) =>
  pathname === l.href || (!l.exact && pathname.startsWith(`${l.href}/`)) || (l.also ?? []).some((p) => pathname.startsWith(p));

/** A navigation's links (the company's pages by default), the current one marked for assistive technology. */
export function NavLinks({ links = COMPANY_LINKS }: { links?: readonly NavLink[] }) {
  const pathname = usePathname();
  return (
    <ul className="flex flex-wrap items-center gap-0.5">
      {links.map((l) => {
        const active = isActive(l, pathname);
        return (
          <li key={l.href}>
            <Link
              href={l.href}
              aria-current={active ? "page" : undefined}
              className={active ? "ui-nav-link ui-nav-link-active" : "ui-nav-link ui-nav-link-idle"}
            >
              {l.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
