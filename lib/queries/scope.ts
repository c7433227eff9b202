import type { Environment } from "@/lib/contract/enums";

/**
 * What every query key starts with: the environment and the company the data belongs to. Switching
 * either changes every key, so sandbox and production data (or two companies') never mix in a cache.
 */
export interface QueryScope {
  environment: Environment;
  companyId: string;
}

/** The scope of a session (partner sessions without a company get their own "partner" scope). */
export function scopeOf(session: { environment: Environment; company: { id: string } | null }): QueryScope {
  return { environment: session.environment, companyId: session.company?.id ?? "partner" };
}

export const scopeKey = (s: QueryScope) => [s.environment, s.companyId] as const;

/**
 * `path` with the scope in its query (`scope_env`, `scope_company`). The BFF refuses with 409
 * `scope_changed` when the session now shows another environment or company (switched in another
 * tab), so a refetch can never store one environment's data under the other's key.
 */
export function withScope(path: string, s: QueryScope): string {
  const sep = path.includes("?") ? "&" : "?";
  return `${path}${sep}${new URLSearchParams({ scope_env: s.environment, scope_company: s.companyId }).toString()}`;
}
