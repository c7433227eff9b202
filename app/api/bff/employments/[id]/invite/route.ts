import { bffHandler } from "@/lib/console/bff";
import { assertSameScope } from "@/lib/console/employments/bff-scope";

// POST /api/bff/employments/{id}/invite — invite the employee to self-enrol (POST /v1/employments/{id}/invite).
export const POST = bffHandler(async ({ api, session, req, params }) => {
  assertSameScope(req, session);
  const res = await api.inviteEmployment(params.id!);
  return res.data;
});
