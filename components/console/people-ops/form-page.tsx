import Link from "next/link";
import type { ReactNode } from "react";
import { Card, CardBody } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";

/** The frame of a people-ops form page: breadcrumb, heading, and the form in a card. */
export function FormPage({
  crumbs,
  current,
  title,
  description,
  children,
}: {
  crumbs: { href: string; label: string }[];
  current: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-2xl">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <ol className="flex flex-wrap items-center gap-1.5 text-slate-600 dark:text-slate-400">
          {crumbs.map((c) => (
            <li key={c.href} className="flex items-center gap-1.5">
              <Link href={c.href} className="underline-offset-2 hover:text-slate-900 hover:underline dark:hover:text-white">
                {c.label}
              </Link>
              <span aria-hidden="true">/</span>
            </li>
          ))}
          <li aria-current="page" className="text-slate-900 dark:text-slate-100">
            {current}
          </li>
        </ol>
      </nav>
      <PageHeader title={title} description={description} />
      <Card>
        <CardBody className="py-6">{children}</CardBody>
      </Card>
    </div>
  );
}
