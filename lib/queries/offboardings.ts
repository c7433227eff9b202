import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { CreateOffboardingBody, Offboarding, OffboardingListResponseSchema } from "@/lib/contract";
import { bffFetch } from "@/lib/console/bff-client";
import type { SandboxOffboardingStatus } from "@/lib/console/offboardings/rules";
import { offboardingsList, type OffboardingListApiQuery } from "@/lib/console/offboardings/url-state";
import { scopeKey, withScope, type QueryScope } from "./scope";

// Offboarding queries: keys and options shared by server prefetch and client islands (through the BFF).

export type OffboardingPage = z.infer<typeof OffboardingListResponseSchema>["data"];

export const offboardingKeys = {
  all: (s: QueryScope) => ["offboardings", ...scopeKey(s)] as const,
  lists: (s: QueryScope) => [...offboardingKeys.all(s), "list"] as const,
  list: (s: QueryScope, q: OffboardingListApiQuery) => [...offboardingKeys.lists(s), q] as const,
  details: (s: QueryScope) => [...offboardingKeys.all(s), "detail"] as const,
  detail: (s: QueryScope, id: string) => [...offboardingKeys.details(s), id] as const,
};

const BFF = "/api/bff/offboardings";
const enc = encodeURIComponent;

export const offboardingListQuery = (scope: QueryScope, q: OffboardingListApiQuery) =>
  queryOptions({
    queryKey: offboardingKeys.list(scope, q),
    queryFn: ({ signal }) => bffFetch<OffboardingPage>(withScope(`${BFF}?${offboardingsList.apiSearch(q)}`, scope), { signal }),
  });

export const offboardingDetailQuery = (scope: QueryScope, id: string) =>
  queryOptions({
    queryKey: offboardingKeys.detail(scope, id),
    queryFn: ({ signal }) => bffFetch<Offboarding>(withScope(`${BFF}/${enc(id)}`, scope), { signal }),
  });

export const createOffboarding = (scope: QueryScope, body: CreateOffboardingBody) =>
  bffFetch<Offboarding>(withScope(BFF, scope), { method: "POST", body });

/** Sandbox: the provider's review (in_review, done, canceled). */
export const setSandboxOffboardingStatus = (scope: QueryScope, id: string, status: SandboxOffboardingStatus) =>
  bffFetch<Offboarding>(withScope(`${BFF}/${enc(id)}/sandbox-status`, scope), { method: "PATCH", body: { status } });
