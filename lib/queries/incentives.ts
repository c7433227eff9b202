import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  CreateIncentiveBody,
  CreateRecurringIncentiveBody,
  DeleteRecurringIncentiveResponseSchema,
  Incentive,
  IncentiveListResponseSchema,
  RecurringIncentive,
  RecurringIncentiveListResponseSchema,
  UpdateIncentiveBody,
} from "@/lib/contract";
import { bffFetch } from "@/lib/console/bff-client";
import { incentivesList, recurringList, type IncentiveListApiQuery, type RecurringListApiQuery } from "@/lib/console/incentives/url-state";
import { scopeKey, withScope, type QueryScope } from "./scope";

// Incentive queries (one-time and recurring): keys and options shared by server prefetch and client
// islands (through the BFF). Recurring incentives generate one-time ones, so writes to either
// invalidate both (incentiveKeys.all).

export type IncentivePage = z.infer<typeof IncentiveListResponseSchema>["data"];
export type RecurringIncentivePage = z.infer<typeof RecurringIncentiveListResponseSchema>["data"];
export type DeleteRecurringResult = z.infer<typeof DeleteRecurringIncentiveResponseSchema>["data"];

export const incentiveKeys = {
  all: (s: QueryScope) => ["incentives", ...scopeKey(s)] as const,
  lists: (s: QueryScope) => [...incentiveKeys.all(s), "list"] as const,
  list: (s: QueryScope, q: IncentiveListApiQuery) => [...incentiveKeys.lists(s), q] as const,
  details: (s: QueryScope) => [...incentiveKeys.all(s), "detail"] as const,
  detail: (s: QueryScope, id: string) => [...incentiveKeys.details(s), id] as const,
  recurringLists: (s: QueryScope) => [...incentiveKeys.all(s), "recurring"] as const,
  recurringList: (s: QueryScope, q: RecurringListApiQuery) => [...incentiveKeys.recurringLists(s), q] as const,
};

const BFF = "/api/bff/incentives";
const enc = encodeURIComponent;

export const incentiveListQuery = (scope: QueryScope, q: IncentiveListApiQuery) =>
  queryOptions({
    queryKey: incentiveKeys.list(scope, q),
    queryFn: ({ signal }) => bffFetch<IncentivePage>(withScope(`${BFF}?${incentivesList.apiSearch(q)}`, scope), { signal }),
  });

export const incentiveDetailQuery = (scope: QueryScope, id: string) =>
  queryOptions({
    queryKey: incentiveKeys.detail(scope, id),
    queryFn: ({ signal }) => bffFetch<Incentive>(withScope(`${BFF}/${enc(id)}`, scope), { signal }),
  });

export const recurringIncentiveListQuery = (scope: QueryScope, q: RecurringListApiQuery) =>
  queryOptions({
    queryKey: incentiveKeys.recurringList(scope, q),
    queryFn: ({ signal }) =>
      bffFetch<RecurringIncentivePage>(withScope(`${BFF}/recurring?${recurringList.apiSearch(q)}`, scope), { signal }),
  });

export const createIncentive = (scope: QueryScope, body: CreateIncentiveBody) =>
  bffFetch<Incentive>(withScope(BFF, scope), { method: "POST", body });

export const updateIncentive = (scope: QueryScope, id: string, body: UpdateIncentiveBody) =>
  bffFetch<Incentive>(withScope(`${BFF}/${enc(id)}`, scope), { method: "PATCH", body });

export const deleteIncentive = (scope: QueryScope, id: string) =>
  bffFetch<{ status: "ok" }>(withScope(`${BFF}/${enc(id)}`, scope), { method: "DELETE" });

/** Sandbox: what payroll does (pending → processing → paid). */
export const setSandboxIncentiveStatus = (scope: QueryScope, id: string, status: "processing" | "paid") =>
  bffFetch<Incentive>(withScope(`${BFF}/${enc(id)}/sandbox-status`, scope), { method: "PUT", body: { status } });

export const createRecurringIncentive = (scope: QueryScope, body: CreateRecurringIncentiveBody) =>
  bffFetch<RecurringIncentive>(withScope(`${BFF}/recurring`, scope), { method: "POST", body });

export const deleteRecurringIncentive = (scope: QueryScope, id: string) =>
  bffFetch<DeleteRecurringResult>(withScope(`${BFF}/recurring/${enc(id)}`, scope), { method: "DELETE" });
