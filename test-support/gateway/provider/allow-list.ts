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

import { ALLOW_CORE } from "./allow-list/core";
import { ALLOW_PAYROLL } from "./allow-list/payroll";
import { ALLOW_PEOPLEOPS } from "./allow-list/peopleops";
import { ALLOW_TRANSPORT } from "./allow-list/transport";

// One file per area, so that areas change their entries apart.
export const CONFORMANCE_ALLOW_LIST: readonly AllowEntry[] = [...ALLOW_CORE, ...ALLOW_PEOPLEOPS, ...ALLOW_PAYROLL, ...ALLOW_TRANSPORT];
