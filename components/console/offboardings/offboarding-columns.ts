// The column titles, apart from the table's "use client" module: the route's loading.tsx skeleton
// (which wraps the routes below it too) takes them from here without shipping the table.
export const OFFBOARDING_COLUMNS = ["Employee", "Reason", "Termination date", "Submitted", "Status"] as const;
