import "server-only";
import { IdentitySchema } from "@/lib/contract";
import type { ApiClient } from "@/lib/console/server/api-client";

// GET /v1/identity/current over the console's typed client: who the token acts as (user, company,
// client), for sign-in (docs/decisions/console-api-client-style.md).

export const getCurrentIdentity = (api: ApiClient) => api.json(IdentitySchema, "GET", "v1/identity/current").then((r) => r.data);
