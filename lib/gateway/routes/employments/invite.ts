import "server-only";
import { OkEnvelopeSchema } from "@/lib/contract";
import { defineRoute } from "../../route";
import { inviteEmployment } from "../../services/employment-writes";
import { COMMON_ERRORS, EMPLOYMENT_WRITE } from "./scopes";

// POST /v1/employments/{employment_id}/invite — invites the employee to start self-enrolment.
export const inviteEmploymentRoute = defineRoute({
  method: "post",
  path: "/v1/employments/{employment_id}/invite",
  operationId: "post_v1_employments_employment_id_invite",
  summary: "Invite employment",
  tag: "Employments",
  auth: EMPLOYMENT_WRITE,
  responses: {
    200: { description: "Invited", schema: OkEnvelopeSchema },
    404: { description: "Not found" },
    409: { description: "Company not active" },
    422: { description: "Not invitable in its status, or not available for its type" },
    ...COMMON_ERRORS,
  },
  handler: async (c, { params, principal }) => {
    await inviteEmployment(c.get("deps"), principal, params.employment_id!);
    return c.json({ data: { status: "ok" } });
  },
});
