import type { CreateContractAmendmentBody } from "@/lib/contract";
import type { ContractAmendmentRead as ContractAmendment } from "@/lib/console/api-read";
import { bffFetch } from "@/lib/console/bff-client";
import type { AmendmentListApiQuery } from "@/lib/console/contract-amendments/list";
import { scopeKey, withScope, type QueryScope } from "./scope";

// The amendments' keys and the create call, apart from ./contract-amendments.ts (which builds the
// list's URL with the list definition and its parsers): the new amendment form takes these alone.

export const amendmentKeys = {
  all: (s: QueryScope) => ["contract-amendments", ...scopeKey(s)] as const,
  lists: (s: QueryScope) => [...amendmentKeys.all(s), "list"] as const,
  list: (s: QueryScope, q: AmendmentListApiQuery) => [...amendmentKeys.lists(s), q] as const,
  detail: (s: QueryScope, id: string) => [...amendmentKeys.all(s), "detail", id] as const,
};

const BFF = "/api/bff/contract-amendments";

export const createContractAmendment = (scope: QueryScope, body: CreateContractAmendmentBody) =>
  bffFetch<ContractAmendment>(withScope(BFF, scope), { method: "POST", body });
