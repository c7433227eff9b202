import { pageWindow } from "@/lib/console/list";

const item = "inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2.5 hover:bg-slate-100 dark:hover:bg-slate-800";

/**
 * Pagination of a server-rendered page: plain links (each page is a URL), the current one marked.
 * The client list pages use components/ui/pagination.tsx, which also navigates without a reload.
 */
export function LinkPagination({ page, totalPages, hrefFor }: { page: number; totalPages: number; hrefFor: (page: number) => string }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination">
      <ul className="flex flex-wrap items-center gap-1 text-sm">
        {page > 1 ? (
          <li>
            <a href={hrefFor(page - 1)} aria-label="Previous page" className={item}>
              ‹ Previous
            </a>
          </li>
        ) : null}
        {pageWindow(page, totalPages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1">
              …
            </li>
          ) : (
            <li key={p}>
              <a
                href={hrefFor(p)}
                aria-label={`Page ${p}`}
                aria-current={p === page ? "page" : undefined}
                className={`${item} aria-[current=page]:bg-brand-600 aria-[current=page]:text-white`}
              >
                {p}
              </a>
            </li>
          ),
        )}
        {page < totalPages ? (
          <li>
            <a href={hrefFor(page + 1)} aria-label="Next page" className={item}>
              Next ›
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
