import { queryOptions } from "@tanstack/react-query";
import type { Timeoff, TimeoffBalance, TimeoffListResponseSchema, TimeoffTypesResponseSchema } from "@/lib/contract";
import type { z } from "zod";
import { bffFetch } from "@/lib/console/bff-client";
import type { TimeoffTransitionBody } from "@/lib/console/timeoff/rules";
import { timeoffList, type TimeoffListApiQuery } from "@/lib/console/timeoff/url-state";
import type { CreateTimeoffBody } from "@/lib/contract";
import { scopeKey, withScope, type QueryScope } from "./scope";

// Time off queries: keys and options shared by server prefetch (which swaps in the typed API client
// as queryFn, same key) and client islands (which fetch through the BFF).

export type TimeoffPage = z.infer<typeof TimeoffListResponseSchema>["data"];
export type TimeoffTypeItem = z.infer<typeof TimeoffTypesResponseSchema>["data"]["timeoff_types"][number];

export const timeoffKeys = {
  all: (s: QueryScope) => ["timeoff", ...scopeKey(s)] as const,
  lists: (s: QueryScope) => [...timeoffKeys.all(s), "list"] as const,
  list: (s: QueryScope, q: TimeoffListApiQuery) => [...timeoffKeys.lists(s), q] as const,
  types: (s: QueryScope) => [...timeoffKeys.all(s), "types"] as const,
  balances: (s: QueryScope) => [...timeoffKeys.all(s), "balance"] as const,
  balance: (s: QueryScope, employmentId: string) => [...timeoffKeys.balances(s), employmentId] as const,
};

const BFF = "/api/bff/timeoff";
const enc = encodeURIComponent;

export const timeoffListQuery = (scope: QueryScope, q: TimeoffListApiQuery) =>
  queryOptions({
    queryKey: timeoffKeys.list(scope, q),
    queryFn: ({ signal }) => bffFetch<TimeoffPage>(withScope(`${BFF}?${timeoffList.apiSearch(q)}`, scope), { signal }),
  });

/** A fixed list: kept for the session. */
export const timeoffTypesQuery = (scope: QueryScope) =>
  queryOptions({
    queryKey: timeoffKeys.types(scope),
    queryFn: ({ signal }) => bffFetch<TimeoffTypeItem[]>(withScope(`${BFF}/types`, scope), { signal }),
    staleTime: 60 * 60_000,
  });

export const timeoffBalanceQuery = (scope: QueryScope, employmentId: string) =>
  queryOptions({
    queryKey: timeoffKeys.balance(scope, employmentId),
    queryFn: ({ signal }) => bffFetch<TimeoffBalance>(withScope(`${BFF}/balances/${enc(employmentId)}`, scope), { signal }),
  });

export const createTimeoff = (scope: QueryScope, body: CreateTimeoffBody) =>
  bffFetch<Timeoff>(withScope(BFF, scope), { method: "POST", body });

/** Approve, decline (with a reason) or cancel (with a reason). */
export const transitionTimeoff = (scope: QueryScope, id: string, body: TimeoffTransitionBody) =>
  bffFetch<Timeoff>(withScope(`${BFF}/${enc(id)}`, scope), { method: "PATCH", body });
