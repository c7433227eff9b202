import { sanitizeHtml } from "@/lib/forms";

/**
 * Text of a form schema (titles, descriptions, statements) that may carry a little HTML.
 * The lib/forms views are sanitized already; anything else passes through the same allow-list.
 */
export function RichText({
  html,
  as: Tag = "span",
  id,
  className,
}: {
  html: string;
  as?: "span" | "div" | "p" | "legend";
  id?: string;
  className?: string;
}) {
  return <Tag id={id} className={className} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
