"use client";

import { useId, useMemo } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/field";
import type { EmploymentListItem } from "@/lib/contract";
import { unnamedEmployment } from "@/lib/console/people-ops/eligibility";

/** One select of a filters card. `value` "" is the "all" option. */
export interface SelectFilterField {
  /** The filter's name in the list state. */
  name: string;
  label: string;
  value: string;
  /** The option for "" ("All"). */
  allLabel?: string;
  options: readonly { value: string; label: string }[];
  /** How the field reads in "Filtered by …" (default: `${label lower-cased} ${option label}`). */
  describe?: (value: string) => string;
}

/**
 * A filters card of selects (an employment, the API's enum filters), with "Clear filters" and a
 * "Filtered by …" line while any is set.
 */
export function SelectFilters({
  fields,
  onChange,
  filtered,
  onClear,
}: {
  fields: readonly SelectFilterField[];
  onChange: (name: string, value: string) => void;
  filtered: boolean;
  onClear: () => void;
}) {
  const id = useId();
  return (
    <Card className="p-4">
      <div role="group" aria-labelledby={id} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
        <h2 id={id} className="sr-only">
          Filters
        </h2>
        {fields.map((f) => (
          <div key={f.name} className="space-y-1.5">
            <label htmlFor={`${id}-${f.name}`} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
              {f.label}
            </label>
            <Select id={`${id}-${f.name}`} value={f.value} onChange={(e) => onChange(f.name, e.target.value)}>
              <option value="">{f.allLabel ?? "All"}</option>
              {f.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          </div>
        ))}
        {filtered ? (
          <div>
            <Button variant="ghost" onClick={onClear}>
              Clear filters
            </Button>
          </div>
        ) : null}
      </div>
      {filtered ? (
        <p className="mt-3 border-t border-slate-200 pt-3 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
          Filtered by{" "}
          {fields
            .filter((f) => f.value !== "")
            .map((f) => f.describe?.(f.value) ?? `${f.label.toLowerCase()} ${f.options.find((o) => o.value === f.value)?.label ?? f.value}`)
            .join(", ")}
          .
        </p>
      ) : null}
    </Card>
  );
}

/**
 * The employment select of a list (`?employment_id=`): the company's employments by name, plus the
 * selected one when it is not among them. `employments` is undefined while unknown.
 */
export function useEmploymentFilterField(
  name: string,
  value: string,
  employments: readonly EmploymentListItem[] | undefined,
): SelectFilterField {
  const options = useMemo(() => {
    const list = [...(employments ?? [])]
      .sort((a, b) => a.full_name.localeCompare(b.full_name, "en"))
      .map((e) => ({ value: e.id, label: e.full_name }));
    if (value && !list.some((o) => o.value === value)) list.unshift({ value, label: unnamedEmployment(value) });
    return list;
  }, [employments, value]);
  return {
    name,
    label: "Employment",
    value,
    allLabel: "All employments",
    options,
    describe: (id) => `employment ${employments?.find((e) => e.id === id)?.full_name ?? `${id.slice(0, 8)}…`}`,
  };
}
