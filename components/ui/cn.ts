/** Joins class names, skipping falsy ones (variants are written so that they never conflict). */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}
