import type { RouteAuth } from "../../route";

export const CONTRACT_AMENDMENT_READ: RouteAuth = { kind: "scoped", scopes: ["contract_amendment:read"], company: true };
export const CONTRACT_AMENDMENT_WRITE: RouteAuth = { kind: "scoped", scopes: ["contract_amendment:write"], company: true, write: true };
/** The automatable check stores nothing, but validates a would-be amendment: the writing scope and role. */
export const CONTRACT_AMENDMENT_CHECK: RouteAuth = CONTRACT_AMENDMENT_WRITE;
/** Pending changes of a contract: amendment readers, or `contract:read`. */
export const CONTRACT_PENDING_READ: RouteAuth = { kind: "scoped", scopes: ["contract_amendment:read", "contract:read"], company: true };
