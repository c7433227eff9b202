import { queryOptions } from "@tanstack/react-query";
import type { ContractAmendmentListItemRead, ContractAmendmentRead as ContractAmendment } from "@/lib/console/api-read";
import { bffFetch } from "@/lib/console/bff-client";
import { amendmentsList, type AmendmentListApiQuery } from "@/lib/console/contract-amendments/list";
import { amendmentKeys, createContractAmendment } from "./contract-amendment";
import { withScope, type QueryScope } from "./scope";

export { amendmentKeys, createContractAmendment };

// Contract amendment queries, shared by server prefetch and client islands.

/** A page as the console reads it (lib/console/api-read.ts: the provider's statuses, `deleted` included). */
export type AmendmentPage = {
  contract_amendments: ContractAmendmentListItemRead[];
  current_page: number;
  total_count: number;
  total_pages: number;
};

const BFF = "/api/bff/contract-amendments";
const enc = encodeURIComponent;

export const amendmentListQuery = (scope: QueryScope, q: AmendmentListApiQuery) =>
  queryOptions({
    queryKey: amendmentKeys.list(scope, q),
    queryFn: ({ signal }) => bffFetch<AmendmentPage>(withScope(`${BFF}?${amendmentsList.apiSearch(q)}`, scope), { signal }),
  });

export const amendmentDetailQuery = (scope: QueryScope, id: string) =>
  queryOptions({
    queryKey: amendmentKeys.detail(scope, id),
    queryFn: ({ signal }) => bffFetch<ContractAmendment>(withScope(`${BFF}/${enc(id)}`, scope), { signal }),
  });

/** Sandbox only: approves (status done), which applies the changes to the contract. */
export const approveContractAmendment = (scope: QueryScope, id: string) =>
  bffFetch<ContractAmendment>(withScope(`${BFF}/${enc(id)}/approve`, scope), { method: "POST" });
