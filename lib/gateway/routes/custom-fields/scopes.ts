import type { RouteAuth } from "../../route";

export const CUSTOM_FIELD_READ: RouteAuth = { kind: "scoped", scopes: ["custom_field:read"], company: true };
export const CUSTOM_FIELD_WRITE: RouteAuth = { kind: "scoped", scopes: ["custom_field:write"], company: true, write: true };
export const CUSTOM_FIELD_VALUE_READ: RouteAuth = { kind: "scoped", scopes: ["custom_field_value:read"], company: true };
export const CUSTOM_FIELD_VALUE_WRITE: RouteAuth = { kind: "scoped", scopes: ["custom_field_value:write"], company: true, write: true };
