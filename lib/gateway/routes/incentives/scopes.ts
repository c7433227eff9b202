import type { RouteAuth } from "../../route";

export const INCENTIVE_READ: RouteAuth = { kind: "scoped", scopes: ["incentive:read"], company: true };
export const INCENTIVE_WRITE: RouteAuth = { kind: "scoped", scopes: ["incentive:write"], company: true, write: true };
