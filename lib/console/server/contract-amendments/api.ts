import "server-only";
import { ContractAmendmentResponseSchema, type CreateContractAmendmentBody } from "@/lib/contract";
import type { ApiClient } from "@/lib/console/server/api-client";
import { read } from "@/lib/console/api-read";
import { getForm } from "@/lib/console/server/countries/api";
import { listAllCompanyManagers } from "@/lib/console/server/company-managers/api";
import type { SortOrder } from "@/lib/console/list";
import { amendmentSortAccessors } from "../../contract-amendments/list";
import { sortedList } from "../list/sorted";
import { withEmployeeSort } from "../people-ops/sort";

// The contract amendment endpoints (docs/decisions/areas-payroll-contract-amendments.md) over the
// console's typed client, for server pages and BFF handlers alike.

const enc = encodeURIComponent;

/** One page (`status`: the API's statuses, any of them; sent comma separated). */
type AmendmentQuery = { page: number; page_size: number; employment_id?: string; status?: readonly string[] };

/**
 * A page of contract amendments, sorted across all pages when the query has a sort
 * (lib/console/server/list/sorted.ts): the employee by the shown name, the requester by the
 * company user's name (as the list shows them).
 */
export const listContractAmendments = (api: ApiClient, q: AmendmentQuery & { sort?: string; order?: SortOrder }) =>
  sortedList(q, (query: AmendmentQuery) => readAmendments(api, query), {
    itemsKey: "contract_amendments",
    accessors: async (by) => {
      const base = await withEmployeeSort(api, amendmentSortAccessors)(by);
      if (by !== "requested_by") return base;
      const users = await listAllCompanyManagers(api).catch(() => []);
      const names = new Map(users.map((m) => [m.user_id, m.user_name]));
      return { ...base, requested_by: (a) => (a.requested_by ? (names.get(a.requested_by) ?? a.requested_by) : null) };
    },
    idOf: (a) => a.id,
  });

const readAmendments = (api: ApiClient, q: AmendmentQuery) =>
  api
    .json(read.contractAmendments, "GET", "v1/contract-amendments", {
      query: {
        page: q.page,
        page_size: q.page_size,
        employment_id: q.employment_id,
        status: q.status?.length ? q.status.join(",") : undefined,
      },
    })
    .then((r) => r.data);

export const getContractAmendment = (api: ApiClient, id: string) =>
  api.json(read.contractAmendment, "GET", `v1/contract-amendments/${enc(id)}`).then((r) => r.data.contract_amendment);

export const createContractAmendment = (api: ApiClient, body: CreateContractAmendmentBody) =>
  api.json(ContractAmendmentResponseSchema, "POST", "v1/contract-amendments", { body }).then((r) => r.data.contract_amendment);

/** Sandbox only: approves an amendment (status done applies it to the contract, contract_amendment.done). */
export const approveSandboxContractAmendment = (api: ApiClient, id: string) =>
  api
    .json(ContractAmendmentResponseSchema, "PATCH", `v1/sandbox/contract-amendments/${enc(id)}`, { body: { status: "done" } })
    .then((r) => r.data.contract_amendment);

/** The country's contract_amendment form (x-jsf), as the API serves it. */
export const getAmendmentForm = (api: ApiClient, countryCode: string) => getForm(api, countryCode, "contract_amendment");
