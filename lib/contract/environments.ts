// The API's environments, without zod: the console's header (on every page) reads this list in the
// browser, and importing it from enums.ts would ship zod and the whole contract to every route
// (docs/decisions/console-bundle-budgets.md). enums.ts re-exports it next to its schema.

export const ENVIRONMENTS = ["sandbox", "production"] as const;
