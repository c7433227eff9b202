import "server-only";
import type { AuthDeps } from "../auth/deps";
import type { TokenStore } from "../token-store";

// The token store with the read model's admin sources attached (auth/deps.ts wraps the store once):
// a company sign-in makes the company a source of the read model; a sign-out, forgetting a
// connection, or an operator sign-in replacing a company session ends it (./hooks.ts). The store's
// own behaviour and answers are unchanged. The hooks are imported when first used: auth/deps.ts is
// loaded by everything, the read model's modules only by a console that signs someone in.

const hooks = () => import("./hooks");

export function withAdminSources(deps: () => AuthDeps, store: TokenStore): TokenStore {
  return {
    ...store,
    async signIn(input) {
      const { beforeAdminSourcesEnd, onAdminSignedIn } = await hooks();
      // A company sign-in replaces this session's connection of that environment (maybe another company).
      const done = input.sessionId
        ? await beforeAdminSourcesEnd(deps(), input.sessionId, input.connection.environment, input.connection.company.id)
        : null;
      const sessionId = await store.signIn(input);
      await done?.();
      onAdminSignedIn(deps(), { environment: input.connection.environment, company: input.connection.company });
      return sessionId;
    },
    async signInOperator(input) {
      const { beforeAdminSourcesEnd } = await hooks();
      const done = input.previousSessionId ? await beforeAdminSourcesEnd(deps(), input.previousSessionId) : null;
      const result = await store.signInOperator(input);
      await done?.();
      return result;
    },
    async deleteSession(sessionId) {
      const { beforeAdminSourcesEnd } = await hooks();
      const done = await beforeAdminSourcesEnd(deps(), sessionId);
      const revocable = await store.deleteSession(sessionId);
      await done();
      return revocable;
    },
    async deleteConnection(sessionId, environment) {
      const { beforeAdminSourcesEnd } = await hooks();
      const done = await beforeAdminSourcesEnd(deps(), sessionId, environment);
      const result = await store.deleteConnection(sessionId, environment);
      await done();
      return result;
    },
  };
}
