import type { RouteAuth } from "../../route";

// Spec section 5 scopes. Writes also need a company owner or admin, or a client-credentials token
// (services/webhooks.ts assertCanManageWebhooks), checked after the object's visibility (404 first).
export const WEBHOOK_READ: RouteAuth = { kind: "scoped", scopes: ["webhook:read"] };
export const WEBHOOK_WRITE: RouteAuth = { kind: "scoped", scopes: ["webhook:write"] };

export const COMMON_ERRORS = {
  401: { description: "Missing, unknown, revoked or expired token" },
  403: { description: "Missing scope, or a role that cannot manage webhooks (owner or admin needed)" },
  429: { description: "Rate limit exceeded" },
} as const;
