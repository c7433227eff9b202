import type { StatementView } from "@/lib/forms";
import { RichText } from "./rich-text";

const STYLES: Record<StatementView["severity"], string> = {
  info: "border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100",
  success: "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-100",
  warning: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100",
  error: "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-100",
};

const LABELS: Record<StatementView["severity"], string> = { info: "Information", success: "Note", warning: "Warning", error: "Important" };

/** A statement of the schema (`x-jsf-presentation.statement`): a callout next to its field. */
export function StatementCallout({ statement, id }: { statement: StatementView; id?: string }) {
  return (
    <div
      id={id}
      role={statement.severity === "error" || statement.severity === "warning" ? "note" : undefined}
      className={`mt-2 rounded-md border px-3 py-2 text-sm [&_a]:underline [&_li]:ml-5 [&_li]:list-disc ${STYLES[statement.severity]}`}
      data-severity={statement.severity}
    >
      <span className="sr-only">{LABELS[statement.severity]}: </span>
      {statement.title ? <RichText html={statement.title} as="p" className="font-medium" /> : null}
      {statement.description ? <RichText html={statement.description} as="div" className={statement.title ? "mt-1" : undefined} /> : null}
    </div>
  );
}
