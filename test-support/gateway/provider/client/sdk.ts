// The provider's own generated client (its SDK, remoteoss/remote-flows src/client at 1f426afd), used
// as it is from ../shared/fixtures/provider-client/ (never copied into the project: see its README).
// The one place in the project that names that folder by a relative import, so that a move of the
// fixtures changes one line. docs/decisions/provider-client-test.md says why the project's strict
// typecheck includes these files unchanged.

export * as sdk from "../../../../../shared/fixtures/provider-client/sdk.gen";
export { createClient, createConfig, type Client } from "../../../../../shared/fixtures/provider-client/client";
export type * as ProviderTypes from "../../../../../shared/fixtures/provider-client/types.gen";
