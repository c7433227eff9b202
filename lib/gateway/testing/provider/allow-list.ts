// Responses that differ from the provider's current shape on purpose: each entry names the
// operation (the provider's SDK name), the status (all when absent), the JSON pointer it covers
// (`*` for the whole body; array indices as `*`) and the sentence of the spec or decision that
// justifies it. An entry that no longer matches anything is reported by lib/gateway/conformance.test.ts.

export interface AllowEntry {
  operation: string;
  status?: number;
  pointer: string;
  reason: string;
}

export const CONFORMANCE_ALLOW_LIST: readonly AllowEntry[] = [];
