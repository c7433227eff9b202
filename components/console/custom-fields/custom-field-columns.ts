// The column titles, apart from the table's "use client" module: the route's loading.tsx skeleton
// (which wraps the routes below it too) takes them from here without shipping the table.
export const CUSTOM_FIELD_COLUMNS = ["Name", "Type", "Options", "ID"] as const;
