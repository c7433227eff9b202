import type { RouteAuth } from "../../route";

export const OFFBOARDING_READ: RouteAuth = { kind: "scoped", scopes: ["offboarding:read"], company: true };
export const OFFBOARDING_WRITE: RouteAuth = { kind: "scoped", scopes: ["offboarding:write"], company: true, write: true };
