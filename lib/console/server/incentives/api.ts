import "server-only";
import {
  DeleteRecurringIncentiveResponseSchema,
  IncentiveResponseSchema,
  OkEnvelopeSchema,
  RecurringIncentiveResponseSchema,
  type CreateIncentiveBody,
  type CreateRecurringIncentiveBody,
  type UpdateIncentiveBody,
} from "@/lib/contract";
import type { ApiClient } from "@/lib/console/server/api-client";
import { read } from "@/lib/console/api-read";
import {
  incentiveSortAccessors,
  recurringSortAccessors,
  type IncentiveListApiQuery,
  type RecurringListApiQuery,
} from "../../incentives/list";
import { sortedList, type Unsorted } from "../list/sorted";
import { withEmployeeSort } from "../people-ops/sort";

// The incentive endpoints of the API (spec 4.2 "Incentives", "Recurring incentives", and the
// sandbox's payroll simulation) over the console's typed client, for server pages and BFF handlers.

const enc = encodeURIComponent;

/** A page of incentives, sorted across all pages when the query has a sort (lib/console/server/list/sorted.ts). */
export const listIncentives = (api: ApiClient, q: IncentiveListApiQuery) =>
  sortedList(
    q,
    (query: Unsorted<IncentiveListApiQuery>) =>
      api.json(read.incentives, "GET", "v1/incentives", { query: { ...query } }).then((r) => r.data),
    {
      itemsKey: "incentives",
      accessors: withEmployeeSort(api, incentiveSortAccessors),
      idOf: (i) => i.id,
    },
  );

export const getIncentive = (api: ApiClient, id: string) =>
  api.json(read.incentive, "GET", `v1/incentives/${enc(id)}`).then((r) => r.data.incentive);

export const createIncentive = (api: ApiClient, body: CreateIncentiveBody) =>
  api.json(IncentiveResponseSchema, "POST", "v1/incentives", { body }).then((r) => r.data.incentive);

export const updateIncentive = (api: ApiClient, id: string, body: UpdateIncentiveBody) =>
  api.json(IncentiveResponseSchema, "PATCH", `v1/incentives/${enc(id)}`, { body }).then((r) => r.data.incentive);

export const deleteIncentive = (api: ApiClient, id: string) =>
  api.json(OkEnvelopeSchema, "DELETE", `v1/incentives/${enc(id)}`).then((r) => r.data);

/** Sandbox only (404 on production): what payroll does to an incentive. */
export const sandboxSetIncentiveStatus = (api: ApiClient, id: string, status: "processing" | "paid") =>
  api.json(IncentiveResponseSchema, "PUT", `v1/sandbox/incentives/${enc(id)}`, { body: { status } }).then((r) => r.data.incentive);

export const listRecurringIncentives = (api: ApiClient, q: RecurringListApiQuery) =>
  sortedList(
    q,
    (query: Unsorted<RecurringListApiQuery>) =>
      api.json(read.recurringIncentives, "GET", "v1/incentives/recurring", { query: { ...query } }).then((r) => r.data),
    { itemsKey: "recurring_incentives", accessors: withEmployeeSort(api, recurringSortAccessors), idOf: (r) => r.id },
  );

export const createRecurringIncentive = (api: ApiClient, body: CreateRecurringIncentiveBody) =>
  api.json(RecurringIncentiveResponseSchema, "POST", "v1/incentives/recurring", { body }).then((r) => r.data.recurring_incentive);

export const deleteRecurringIncentive = (api: ApiClient, id: string) =>
  api.json(DeleteRecurringIncentiveResponseSchema, "DELETE", `v1/incentives/recurring/${enc(id)}`).then((r) => r.data);
