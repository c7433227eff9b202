import "server-only";

// Webhook delivery: outbox dispatcher, signer, SSRF guard, retry schedule, HTTP sender, key cipher.
export {
  claimDueDeliveries,
  createDispatcher,
  fanOutOutbox,
  startDispatcher,
  type Dispatcher,
  type DispatcherDeps,
  type DispatcherOptions,
  type RoundResult,
} from "./dispatcher";
export { maxAttempts, nextRetryDelay, RETRY_SCHEDULE_MS } from "./retry-schedule";
export { createHttpSender, WebhookTimeoutError, type WebhookRequest, type WebhookResponse, type WebhookSender } from "./sender";
export { buildWebhookHeaders, signWebhookBody } from "./signer";
export {
  createSigningKeyCipher,
  getSigningKeyCipher,
  resolveGatewaySecret,
  setGatewaySecret,
  type SigningKeyCipher,
} from "./signing-key-cipher";
export {
  checkCallbackUrl,
  createGuardedLookup,
  forbiddenAddressReason,
  ForbiddenAddressError,
  systemResolver,
  type DnsResolver,
} from "./ssrf-guard";
