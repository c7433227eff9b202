import "server-only";
import { PayslipResponseSchema, type SandboxReleasePayslipBody } from "@/lib/contract";
import type { ApiClient } from "@/lib/console/server/api-client";
import { read } from "@/lib/console/api-read";
import type { PayslipListApiQuery } from "../../payslips/list";

// The payslip endpoints of the API (spec 4.2, docs/decisions/areas-payroll-payslips.md) over the
// console's typed client: paths and schemas in one place, for server pages and BFF handlers alike.

const enc = encodeURIComponent;

export const listPayslips = (api: ApiClient, q: PayslipListApiQuery) =>
  api.json(read.payslips, "GET", "v1/payslips", { query: { ...q } }).then((r) => r.data);

/** The PDF as the API answers it, on the provider's path (GET /v1/payslips/{id}/pdf) (a non-2xx answer throws ApiRequestError with the API's message). */
export const downloadPayslip = (api: ApiClient, id: string, signal?: AbortSignal) =>
  api.raw("GET", `v1/payslips/${enc(id)}/pdf`, { signal });

/** Sandbox only: computes and releases an employment's payslip for a month (payslip.released). */
export const releaseSandboxPayslip = (api: ApiClient, body: SandboxReleasePayslipBody) =>
  api.json(PayslipResponseSchema, "POST", "v1/sandbox/payslips", { body }).then((r) => r.data.payslip);
