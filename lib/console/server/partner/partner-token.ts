import "server-only";
import type { Environment, TokenResponse } from "@/lib/contract";
import { ApiRequestError } from "../../api-errors";
import { TokenEndpointError } from "../auth/token-endpoint";
import { REFRESH_MARGIN_MS } from "../token-store";

// The partner's own access token (client-credentials grant) per environment, for partner routes:
// the companies that consented, countries and forms. It acts for no company. Kept in this process's
// memory only (a new one costs one token request), requested once however many callers ask at once,
// and replaced a minute before it expires or as soon as the API refuses it.

export interface PartnerTokenDeps {
  request: (environment: Environment) => Promise<TokenResponse>;
  now?: () => Date;
}

export type PartnerTokens = ReturnType<typeof createPartnerTokens>;

export function createPartnerTokens(deps: PartnerTokenDeps) {
  const now = deps.now ?? (() => new Date());
  const cached = new Map<Environment, { token: string; expiresAt: number }>();
  const inflight = new Map<Environment, Promise<string>>();

  async function fetchToken(environment: Environment): Promise<string> {
    let response: TokenResponse;
    try {
      response = await deps.request(environment);
    } catch (error) {
      if (error instanceof TokenEndpointError) {
        throw new ApiRequestError({
          kind: error.status === 429 ? "rate_limited" : "server",
          status: error.status === 429 || error.status >= 500 ? error.status : 502,
          message: `The partner's client-credentials token was refused: ${error.message}`,
          requestId: error.requestId,
        });
      }
      throw error;
    }
    cached.set(environment, { token: response.access_token, expiresAt: now().getTime() + response.expires_in * 1000 });
    return response.access_token;
  }

  return {
    /** A valid partner token for the environment; `rejected` forces a new one when it is the cached one. */
    async getToken(environment: Environment, options: { rejected?: string } = {}): Promise<string> {
      const current = cached.get(environment);
      const fresh = current && current.expiresAt - now().getTime() > REFRESH_MARGIN_MS && current.token !== options.rejected;
      if (fresh) return current.token;
      const running = inflight.get(environment);
      if (running) return running;
      const next = fetchToken(environment).finally(() => inflight.delete(environment));
      inflight.set(environment, next);
      return next;
    },
  };
}
