import type { JsonSchema } from "./schema/fields";

// Stored schemas are static (cacheable, versioned, compiled once). What depends on the day is
// filled in when a schema is served: a date field whose presentation carries a minimum
// onboarding time (`meta.mot`, in working days) gets `minDate` = today + that many working days,
// as the provider's own start-date pickers do, and one with `meta.minimumAge` (years) gets
// `maxDate` = today − that many years. Unchanged subtrees are shared, not copied.

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** `date` plus `days` working days (Monday to Friday), as YYYY-MM-DD. */
export function addWorkingDays(date: Date, days: number): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  let left = Math.max(0, Math.floor(days));
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const weekday = d.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return d.toISOString().slice(0, 10);
}

function renderNode(node: unknown, today: Date): unknown {
  if (Array.isArray(node)) {
    let changed = false;
    const out = node.map((item) => {
      const r = renderNode(item, today);
      if (r !== item) changed = true;
      return r;
    });
    return changed ? out : node;
  }
  if (!isObject(node)) return node;
  let out: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(node)) {
    const rendered = key === "x-jsf-presentation" ? renderPresentation(value, today) : renderNode(value, today);
    if (rendered !== value) (out ??= { ...node })[key] = rendered;
  }
  return out ?? node;
}

/** `date` minus `years` years, as YYYY-MM-DD (29 February becomes 28 February in other years). */
export function subtractYears(date: Date, years: number): string {
  const y = date.getUTCFullYear() - years;
  const m = date.getUTCMonth();
  const d = Math.min(date.getUTCDate(), new Date(Date.UTC(y, m + 1, 0)).getUTCDate());
  return new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
}

function renderPresentation(presentation: unknown, today: Date): unknown {
  if (!isObject(presentation) || presentation.inputType !== "date" || !isObject(presentation.meta)) return presentation;
  const { mot, minimumAge } = presentation.meta;
  let out = presentation;
  if (typeof mot === "number" && Number.isFinite(mot)) out = { ...out, minDate: addWorkingDays(today, mot) };
  if (typeof minimumAge === "number" && Number.isFinite(minimumAge)) out = { ...out, maxDate: subtractYears(today, minimumAge) };
  return out;
}

/** The schema as served on `today`. */
export function renderFormSchema(schema: JsonSchema, today: Date): JsonSchema {
  return renderNode(schema, today) as JsonSchema;
}
