import "server-only";
import { ContractAmendmentResponseSchema, type CreateContractAmendmentBody } from "@/lib/contract";
import type { ApiClient } from "@/lib/console/server/api-client";
import { read } from "@/lib/console/api-read";
import { getForm } from "@/lib/console/server/countries/api";

// The contract amendment endpoints (docs/decisions/areas-payroll-contract-amendments.md) over the
// console's typed client, for server pages and BFF handlers alike.

const enc = encodeURIComponent;

/** One page (`status`: the API's statuses, any of them; sent comma separated). */
export const listContractAmendments = (
  api: ApiClient,
  q: { page: number; page_size: number; employment_id?: string; status?: readonly string[] },
) =>
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
