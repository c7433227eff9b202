import type { RouteAuth } from "../../route";

export const TIMEOFF_READ: RouteAuth = { kind: "scoped", scopes: ["timeoff:read"], company: true };
export const TIMEOFF_WRITE: RouteAuth = { kind: "scoped", scopes: ["timeoff:write"], company: true, write: true };
