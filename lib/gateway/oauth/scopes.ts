import "server-only";
import { AUTHORIZATION_CODE_SCOPES, CLIENT_CREDENTIALS_SCOPES } from "@/lib/contract";

/** Splits a space-delimited scope parameter (RFC 6749 3.3) into distinct names; null when it holds none. */
export function parseScopeParam(value: string | undefined): string[] | null {
  if (value === undefined) return null;
  const names = [...new Set(value.split(" ").filter((s) => s !== ""))];
  return names.length > 0 ? names : null;
}

export const formatScopes = (scopes: readonly string[]) => scopes.join(" ");

/** Scopes a client may obtain through a flow: the flow's list of spec section 5, narrowed to the client's registration. */
export function allowedScopes(flow: "authorization_code" | "client_credentials", clientScopes: readonly string[]): string[] {
  const client = new Set(clientScopes);
  // In the spec's order, so a defaulted scope string reads the same whatever the registration order.
  return (flow === "authorization_code" ? AUTHORIZATION_CODE_SCOPES : CLIENT_CREDENTIALS_SCOPES).filter((s) => client.has(s));
}

/** The requested scopes that are not in the allowed list. */
export function disallowedScopes(requested: readonly string[], allowed: readonly string[]): string[] {
  const set = new Set(allowed);
  return requested.filter((s) => !set.has(s));
}
