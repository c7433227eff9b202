import "server-only";
import {
  EmploymentCreationResponseSchema,
  EmploymentResponseSchema,
  OkEnvelopeSchema,
  type CreateEmploymentBody,
  type UpdateEmploymentV1Body,
  type UpdateEmploymentV2Body,
} from "@/lib/contract";
import type { ApiClient } from "@/lib/console/server/api-client";
import { read } from "@/lib/console/api-read";

// The employment endpoints of the API (spec 4.2 "Employments") over the console's typed client, for
// server pages and BFF handlers alike (docs/decisions/console-api-client-style.md).

const enc = encodeURIComponent;

export type EmploymentListApiQuery = { page?: number; page_size?: number; status?: string[]; email?: string };

/** A page of employments: `{employments, current_page, total_count, total_pages}`. */
export const listEmployments = (api: ApiClient, q: EmploymentListApiQuery = {}) =>
  api
    .json(read.employments, "GET", "v1/employments", {
      query: { page: q.page, page_size: q.page_size, status: q.status?.join(","), email: q.email },
    })
    .then((r) => r.data);

export const getEmployment = (api: ApiClient, id: string) =>
  api.json(read.employment, "GET", `v1/employments/${enc(id)}`).then((r) => r.data.employment);

export const createEmployment = (api: ApiClient, body: CreateEmploymentBody) =>
  api.json(EmploymentCreationResponseSchema, "POST", "v1/employments", { body }).then((r) => r.data.employment);

/** PATCH /v1/employments/{id}: the v1 update, one section per call. */
export const updateEmployment = (api: ApiClient, id: string, body: UpdateEmploymentV1Body) =>
  api.json(EmploymentResponseSchema, "PATCH", `v1/employments/${enc(id)}`, { body }).then((r) => r.data.employment);

/** PATCH /v2/employments/{id}: the four fields of "Update employment". */
export const updateEmploymentV2 = (api: ApiClient, id: string, body: UpdateEmploymentV2Body) =>
  api.json(EmploymentResponseSchema, "PATCH", `v2/employments/${enc(id)}`, { body }).then((r) => r.data.employment);

export const inviteEmployment = (api: ApiClient, id: string) =>
  api.json(OkEnvelopeSchema, "POST", `v1/employments/${enc(id)}/invite`).then((r) => r.data);

/** Sandbox only: sets the employment's status to active (spec 3.1). */
export const activateSandboxEmployment = (api: ApiClient, id: string) =>
  api
    .json(EmploymentResponseSchema, "PATCH", `v1/sandbox/employments/${enc(id)}`, { body: { status: "active" } })
    .then((r) => r.data.employment);
