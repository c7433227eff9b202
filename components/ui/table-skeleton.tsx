import { TBody, THead, Table, Th, Tr } from "./table";
import { SKELETON_CLASS } from "./skeleton";

/** A column drawn before the plain ones, with placeholders of its own (a checkbox, a name and e-mail). */
export interface SkeletonLeadColumn {
  /** The header's text; none for a selection column. */
  header?: string;
  headerClassName?: string;
  /** The cell's placeholder bars, top to bottom: each a Skeleton's className ("h-4 w-36"). */
  bars: readonly string[];
}

const escapeAttribute = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** One Skeleton's markup (components/ui/skeleton.tsx), as React writes it. */
const barHtml = (className: string) => `<div aria-hidden="true" class="${escapeAttribute(`${SKELETON_CLASS} ${className}`)}"></div>`;

/** The body's rows: the same markup for every request, built once per shape. */
const bodies = new Map<string, string>();

/**
 * The rows as markup (the `Td`s of components/ui/table with their Skeleton bars). A loading.tsx is
 * drawn into every page of its route, on the server (in the RSC payload and the HTML): as one string
 * the rows cost the renderers one value instead of some 200 elements per page
 * (docs/decisions/bench-console-pages.md). components/ui/table-skeleton.test.ts holds it to the
 * markup React draws for the same cells.
 */
export function skeletonRowsHtml(lead: readonly SkeletonLeadColumn[], columns: number, rows: number, cellClassName: string): string {
  const key = JSON.stringify([lead.map((l) => l.bars), columns, rows, cellClassName]);
  const known = bodies.get(key);
  if (known !== undefined) return known;
  const cells = [...lead.map((l) => l.bars.map(barHtml).join("")), ...Array.from({ length: columns }, () => barHtml(cellClassName))]
    .map((bars) => `<td class="ui-td">${bars}</td>`)
    .join("");
  const html = `<tr>${cells}</tr>`.repeat(Math.max(0, rows));
  if (bodies.size < 64) bodies.set(key, html);
  return html;
}

/** Placeholder rows of a table while its data loads; screen readers hear only the label. */
export function TableSkeleton({
  columns,
  rows,
  label,
  cellClassName = "h-4 w-24",
  lead = [],
}: {
  columns: readonly string[];
  rows: number;
  label: string;
  cellClassName?: string;
  lead?: readonly SkeletonLeadColumn[];
}) {
  return (
    <div>
      <p role="status" className="sr-only">
        {label}
      </p>
      <Table aria-hidden="true">
        <THead>
          <Tr>
            {lead.map((l, i) => (
              <Th key={`lead-${i}`} className={l.headerClassName}>
                {l.header}
              </Th>
            ))}
            {columns.map((c) => (
              <Th key={c}>{c}</Th>
            ))}
          </Tr>
        </THead>
        <TBody dangerouslySetInnerHTML={{ __html: skeletonRowsHtml(lead, columns.length, rows, cellClassName) }} />
      </Table>
    </div>
  );
}
