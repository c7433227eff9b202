import { bffHandler } from "@/lib/console/bff";

// POST /api/bff/employments/{id}/invite — invite the employee to self-enrol (POST /v1/employments/{id}/invite).
export const POST = bffHandler(async ({ api, params }) => {
  const res = await api.inviteEmployment(params.id!);
  return res.data;
});
