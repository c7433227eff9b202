// Labels for values the provider may send beyond Roster's enums (a manager's role, an amendment's
// status…): browser code imports these from here, not from lib/console/api-read.ts, whose read
// schemas bring zod and the contract's schemas (docs/decisions/console-bundle-budgets.md).

/** `people_manager` → "People manager": the label of a value the console has no label for. */
export function fallbackLabel(value: string): string {
  const words = value.replace(/[._-]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Unknown";
}

/** A label from a table, or the readable fallback for a value the provider has and the table lacks. */
export function labelOf(labels: Readonly<Record<string, string>>, value: string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "—";
  return Object.prototype.hasOwnProperty.call(labels, value) ? labels[value]! : fallbackLabel(value);
}
