import { useId, type ReactNode } from "react";
import { Input } from "@/components/ui/field";

/**
 * The search box of the employments lists (the live list's search of the loaded page, the read
 * model's search across every page): a labelled `role="search"` form whose field is a search input
 * of at most 200 characters, with an optional hint under it. Typing does not submit: the list writes
 * the text to the URL shortly after typing stops.
 */
export function EmploymentSearchBox({
  name,
  label,
  value,
  onChange,
  placeholder,
  hint,
}: {
  /** The search landmark's name ("Search this page"). */
  name: string;
  /** The field's visible label. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** What the search covers, under the field (its description). */
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <form role="search" aria-label={name} onSubmit={(e) => e.preventDefault()} className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
        {label}
      </label>
      <Input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        aria-describedby={hint ? `${id}-hint` : undefined}
        maxLength={200}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </form>
  );
}
