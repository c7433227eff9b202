import "server-only";
import { ApproveTimeoffBodySchema, CancelTimeoffBodySchema, DeclineTimeoffBodySchema, TimeoffResponseSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { updateTimeoff } from "../../services/timeoff";
import { COMMON_ERRORS } from "../employments/scopes";
import { TIMEOFF_WRITE } from "./scopes";

// The provider's time off actions (sdk.gen.ts: postV1TimeoffTimeoffIdApprove, …Decline, …Cancel):
// the same moves as PUT|PATCH /v1/timeoff/{id} with a status, under the provider's paths and bodies.

const responses = {
  200: { description: "The time off after the action", schema: TimeoffResponseSchema },
  400: { description: "Malformed body or unknown property" },
  404: { description: "Not found" },
  409: { description: "Company not active" },
  422: { description: "Validation failure, or a status that forbids the action" },
  ...COMMON_ERRORS,
};

// POST /v1/timeoff/{timeoff_id}/approve — approves a requested time off (approver null: the caller).
export const approveTimeoffRoute = defineRoute({
  method: "post",
  path: "/v1/timeoff/{timeoff_id}/approve",
  operationId: "post_v1_timeoff_timeoff_id_approve",
  summary: "Approve time off",
  tag: "Time off",
  auth: TIMEOFF_WRITE,
  body: ApproveTimeoffBodySchema,
  responses,
  handler: async (c, { body, params, principal }) =>
    c.json({
      data: {
        timeoff: await updateTimeoff(c.get("deps"), principal, params.timeoff_id!, {
          status: "approved",
          ...(body.approver_id !== null ? { approver_id: body.approver_id } : {}),
        }),
      },
    }),
});

// POST /v1/timeoff/{timeoff_id}/decline — declines a requested time off; the reason may be null.
export const declineTimeoffRoute = defineRoute({
  method: "post",
  path: "/v1/timeoff/{timeoff_id}/decline",
  operationId: "post_v1_timeoff_timeoff_id_decline",
  summary: "Decline time off",
  tag: "Time off",
  auth: TIMEOFF_WRITE,
  body: DeclineTimeoffBodySchema,
  responses,
  handler: async (c, { body, params, principal }) =>
    c.json({
      data: {
        timeoff: await updateTimeoff(
          c.get("deps"),
          principal,
          params.timeoff_id!,
          { status: "declined", ...(body.decline_reason !== null ? { decline_reason: body.decline_reason } : {}) },
          { declineReasonOptional: true },
        ),
      },
    }),
});

// POST /v1/timeoff/{timeoff_id}/cancel — cancels a requested or approved time off not yet taken.
export const cancelTimeoffRoute = defineRoute({
  method: "post",
  path: "/v1/timeoff/{timeoff_id}/cancel",
  operationId: "post_v1_timeoff_timeoff_id_cancel",
  summary: "Cancel time off",
  tag: "Time off",
  auth: TIMEOFF_WRITE,
  body: CancelTimeoffBodySchema,
  responses,
  handler: async (c, { body, params, principal }) =>
    c.json({
      data: {
        timeoff: await updateTimeoff(c.get("deps"), principal, params.timeoff_id!, {
          status: "cancelled",
          cancel_reason: body.cancel_reason,
        }),
      },
    }),
});
