import "server-only";
import { PayslipResponseSchema, type SandboxReleasePayslipBody } from "@/lib/contract";
import type { ApiClient } from "@/lib/console/server/api-client";
import { read } from "@/lib/console/api-read";
import { payslipSortAccessors, type PayslipListApiQuery } from "../../payslips/list";
import { sortedList, type Unsorted } from "../list/sorted";
import { withEmployeeSort } from "../people-ops/sort";

// The payslip endpoints of the API (spec 4.2, docs/decisions/areas-payroll-payslips.md) over the
// console's typed client: paths and schemas in one place, for server pages and BFF handlers alike.

const enc = encodeURIComponent;

/** A page of payslips, sorted across all pages when the query has a sort (lib/console/server/list/sorted.ts). */
export const listPayslips = (api: ApiClient, q: PayslipListApiQuery) =>
  sortedList(
    q,
    (query: Unsorted<PayslipListApiQuery>) => api.json(read.payslips, "GET", "v1/payslips", { query: { ...query } }).then((r) => r.data),
    {
      itemsKey: "payslips",
      accessors: withEmployeeSort(api, payslipSortAccessors),
      idOf: (p) => p.id,
    },
  );

/** The PDF as the API answers it, on the provider's path (GET /v1/payslips/{id}/pdf) (a non-2xx answer throws ApiRequestError with the API's message). */
export const downloadPayslip = (api: ApiClient, id: string, signal?: AbortSignal) =>
  api.raw("GET", `v1/payslips/${enc(id)}/pdf`, { signal });

/** Sandbox only: computes and releases an employment's payslip for a month (payslip.released). */
export const releaseSandboxPayslip = (api: ApiClient, body: SandboxReleasePayslipBody) =>
  api.json(PayslipResponseSchema, "POST", "v1/sandbox/payslips", { body }).then((r) => r.data.payslip);
