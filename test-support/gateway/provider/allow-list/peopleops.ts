import type { AllowEntry } from "../allow-list";

// Allow-list entries of this area (see ../allow-list.ts for the format).
export const ALLOW_PEOPLEOPS: readonly AllowEntry[] = [];
