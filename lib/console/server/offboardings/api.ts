import "server-only";
import { OffboardingResponseSchema, type CreateOffboardingBody } from "@/lib/contract";
import type { ApiClient } from "@/lib/console/server/api-client";
import { read } from "@/lib/console/api-read";
import type { SandboxOffboardingStatus } from "../../offboardings/rules";
import { offboardingSortAccessors, type OffboardingListApiQuery } from "../../offboardings/list";
import { sortedList, type Unsorted } from "../list/sorted";
import { withEmployeeSort } from "../people-ops/sort";

// The offboarding endpoints of the API (spec 4.2 "Offboardings", and the sandbox's review
// simulation) over the console's typed client, for server pages and BFF handlers alike.

const enc = encodeURIComponent;

/** With the caller's own confidential requests (the provider leaves them out unless asked). */
/** A page of offboardings, sorted across all pages when the query has a sort (lib/console/server/list/sorted.ts). */
export const listOffboardings = (api: ApiClient, q: OffboardingListApiQuery) =>
  sortedList(
    q,
    (query: Unsorted<OffboardingListApiQuery>) =>
      api.json(read.offboardings, "GET", "v1/offboardings", { query: { ...query, include_confidential: "true" } }).then((r) => r.data),
    { itemsKey: "offboardings", accessors: withEmployeeSort(api, offboardingSortAccessors), idOf: (o) => o.id },
  );

export const getOffboarding = (api: ApiClient, id: string) =>
  api.json(read.offboarding, "GET", `v1/offboardings/${enc(id)}`).then((r) => r.data.offboarding);

export const createOffboarding = (api: ApiClient, body: CreateOffboardingBody) =>
  api.json(OffboardingResponseSchema, "POST", "v1/offboardings", { body }).then((r) => r.data.offboarding);

/** Sandbox only (404 on production): the provider's review of an offboarding. */
export const sandboxSetOffboardingStatus = (api: ApiClient, id: string, status: SandboxOffboardingStatus) =>
  api.json(OffboardingResponseSchema, "PATCH", `v1/sandbox/offboardings/${enc(id)}`, { body: { status } }).then((r) => r.data.offboarding);
