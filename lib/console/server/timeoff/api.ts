import "server-only";
import {
  TimeoffBalanceResponseSchema,
  TimeoffResponseSchema,
  TimeoffTypesResponseSchema,
  type CreateTimeoffBody,
  type UpdateTimeoffBody,
} from "@/lib/contract";
import type { ApiClient } from "@/lib/console/server/api-client";
import { read } from "@/lib/console/api-read";
import { timeoffSortAccessors, type TimeoffListApiQuery } from "../../timeoff/list";
import { sortedList, type Unsorted } from "../list/sorted";
import { withEmployeeSort } from "../people-ops/sort";

// The time off endpoints of the API (spec 4.2 "Time off", "Time off balance") over the console's
// typed client: paths and schemas in one place, for server pages and BFF handlers alike.

const enc = encodeURIComponent;

/** A page of time off, sorted across all pages when the query has a sort (lib/console/server/list/sorted.ts). */
export const listTimeoff = (api: ApiClient, q: TimeoffListApiQuery) =>
  sortedList(
    q,
    (query: Unsorted<TimeoffListApiQuery>) => api.json(read.timeoffs, "GET", "v1/timeoff", { query: { ...query } }).then((r) => r.data),
    {
      itemsKey: "timeoffs",
      accessors: withEmployeeSort(api, timeoffSortAccessors),
      idOf: (t) => t.id,
    },
  );

export const getTimeoff = (api: ApiClient, id: string) =>
  api.json(read.timeoff, "GET", `v1/timeoff/${enc(id)}`).then((r) => r.data.timeoff);

export const createTimeoff = (api: ApiClient, body: CreateTimeoffBody) =>
  api.json(TimeoffResponseSchema, "POST", "v1/timeoff", { body }).then((r) => r.data.timeoff);

export const updateTimeoff = (api: ApiClient, id: string, body: UpdateTimeoffBody) =>
  api.json(TimeoffResponseSchema, "PATCH", `v1/timeoff/${enc(id)}`, { body }).then((r) => r.data.timeoff);

export const listTimeoffTypes = (api: ApiClient) =>
  api.json(TimeoffTypesResponseSchema, "GET", "v1/timeoff/types").then((r) => r.data.timeoff_types);

export const getTimeoffBalance = (api: ApiClient, employmentId: string) =>
  api.json(TimeoffBalanceResponseSchema, "GET", `v1/timeoff-balances/${enc(employmentId)}`).then((r) => r.data.timeoff_balance);
