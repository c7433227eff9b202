import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { PayslipDetail, PayslipListResponseSchema, SandboxReleasePayslipBody } from "@/lib/contract";
import { bffFetch } from "@/lib/console/bff-client";
import { payslipsList, type PayslipListApiQuery } from "@/lib/console/payslips/list";
import { scopeKey, withScope, type QueryScope } from "./scope";

// Payslip queries: keys and options shared by server prefetch (which swaps in the typed API client
// as queryFn, same key) and client islands (which fetch through the BFF).

export type PayslipPage = z.infer<typeof PayslipListResponseSchema>["data"];

export const payslipKeys = {
  all: (s: QueryScope) => ["payslips", ...scopeKey(s)] as const,
  lists: (s: QueryScope) => [...payslipKeys.all(s), "list"] as const,
  list: (s: QueryScope, q: PayslipListApiQuery) => [...payslipKeys.lists(s), q] as const,
};

const BFF = "/api/bff/payslips";

export const payslipListQuery = (scope: QueryScope, q: PayslipListApiQuery) =>
  queryOptions({
    queryKey: payslipKeys.list(scope, q),
    queryFn: ({ signal }) => bffFetch<PayslipPage>(withScope(`${BFF}?${payslipsList.apiSearch(q)}`, scope), { signal }),
  });

/** Sandbox only: releases a month's payslip of an employment. */
export const releasePayslip = (scope: QueryScope, body: SandboxReleasePayslipBody) =>
  bffFetch<PayslipDetail>(withScope(`${BFF}/release`, scope), { method: "POST", body });
