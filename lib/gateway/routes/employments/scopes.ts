import type { RouteAuth } from "../../route";

export const EMPLOYMENT_READ: RouteAuth = { kind: "scoped", scopes: ["employment:read", "employments"], company: true };
export const EMPLOYMENT_WRITE: RouteAuth = { kind: "scoped", scopes: ["employment:write", "employments"], company: true, write: true };

export const COMMON_ERRORS = {
  401: { description: "Missing, unknown, revoked or expired token" },
  403: { description: "Missing scope or role" },
  429: { description: "Rate limit exceeded" },
} as const;
