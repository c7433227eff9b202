import type { RouteAuth } from "../../route";

export const EXPENSE_READ: RouteAuth = { kind: "scoped", scopes: ["expense:read"], company: true };
export const EXPENSE_WRITE: RouteAuth = { kind: "scoped", scopes: ["expense:write"], company: true, write: true };
