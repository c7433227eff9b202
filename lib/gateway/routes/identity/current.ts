import "server-only";
import { eq } from "drizzle-orm";
import { IdentitySchema, MessageErrorSchema, type Identity } from "@/lib/contract";
import { companies, companyUsers, oauthClients } from "../../db/schema";
import { defineRoute } from "../../route";

export const currentIdentityRoute = defineRoute({
  method: "get",
  path: "/v1/identity/current",
  operationId: "get_v1_identity_current",
  summary: "Who the token acts for: user, company and client",
  tag: "Identity",
  auth: { kind: "any" },
  // 201, as the provider declares it (GetV1IdentityCurrentResponses): docs/decisions/contract-core.md.
  responses: {
    201: {
      description:
        "The token's user and company (absent for client credentials), client id and integration (absent for a Customer API token)",
      schema: IdentitySchema,
    },
    401: { description: "Missing or invalid token", schema: MessageErrorSchema },
    429: { description: "Rate limit exceeded", schema: MessageErrorSchema },
  },
  // GET /v1/identity/current: the OAuth userinfo of the console.
  handler: async (c, { principal }) => {
    const { db } = c.get("deps");
    const data: Identity["data"] = {};
    if (principal.userId) {
      const [row] = await db
        .select({ id: companyUsers.id, name: companyUsers.name, email: companyUsers.email, status: companyUsers.status })
        .from(companyUsers)
        .where(eq(companyUsers.id, principal.userId))
        .limit(1);
      if (row) data.user = row;
    }
    if (principal.companyId) {
      const [row] = await db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(eq(companies.id, principal.companyId))
        .limit(1);
      if (row) data.company = row;
    }
    if (principal.clientId) {
      data.client_id = principal.clientId;
      const [row] = await db.select({ name: oauthClients.name }).from(oauthClients).where(eq(oauthClients.id, principal.clientId)).limit(1);
      // The embedded API keeps no contact address for a client: an empty string (docs/decisions/contract-core.md).
      data.integration = { name: row?.name ?? principal.clientId, display_name: row?.name ?? principal.clientId, contact_email: "" };
    }
    return c.json(IdentitySchema.parse({ data }), 201);
  },
});
