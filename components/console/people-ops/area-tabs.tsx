import Link from "next/link";
import { cn } from "@/components/ui/cn";

/** The sub-pages of an area (Requests, Balances, Types…), as a labelled navigation with the current one marked. */
export function AreaTabs({
  label,
  tabs,
  current,
}: {
  label: string;
  tabs: { href: string; label: string; key: string }[];
  current: string;
}) {
  return (
    <nav aria-label={label} className="mb-5 border-b border-slate-200 dark:border-slate-800">
      <ul className="-mb-px flex flex-wrap gap-1">
        {tabs.map((t) => {
          const active = t.key === current;
          return (
            <li key={t.key}>
              <Link
                href={t.href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-block border-b-2 px-3 py-2 text-sm font-medium",
                  active
                    ? "border-brand-600 text-slate-900 dark:text-white"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white",
                )}
              >
                {t.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
