"use client";

import { NavLinks, type NavLink } from "../nav-links";

export const PARTNER_LINKS: readonly NavLink[] = [
  { href: "/partner", label: "Companies", exact: true },
  { href: "/partner/employments", label: "All employments" },
  { href: "/partner/audit", label: "Audit log" },
  { href: "/partner/connect", label: "Connect a company" },
];

/** The partner view's own pages (operators only). */
export function PartnerNavLinks() {
  return <NavLinks links={PARTNER_LINKS} />;
}
