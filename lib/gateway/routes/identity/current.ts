import "server-only";
import { eq } from "drizzle-orm";
import { IdentitySchema, MessageErrorSchema, type Identity } from "@/lib/contract";
import { companies, companyUsers } from "../../db/schema";
import { defineRoute } from "../../route";

export const currentIdentityRoute = defineRoute({
  method: "get",
  path: "/v1/identity/current",
  operationId: "get_v1_identity_current",
  summary: "Who the token acts for: user, company and client",
  tag: "Identity",
  auth: { kind: "any" },
  responses: {
    200: {
      description: "The token's user and company (null for client credentials) and client id (null for a Customer API token)",
      schema: IdentitySchema,
    },
    401: { description: "Missing or invalid token", schema: MessageErrorSchema },
    429: { description: "Rate limit exceeded", schema: MessageErrorSchema },
  },
  // GET /v1/identity/current: the OAuth userinfo of the console.
  handler: async (c, { principal }) => {
    const { db } = c.get("deps");
    let user: Identity["data"]["user"] = null;
    let company: Identity["data"]["company"] = null;
    if (principal.userId) {
      const [row] = await db
        .select({ id: companyUsers.id, name: companyUsers.name, email: companyUsers.email, status: companyUsers.status })
        .from(companyUsers)
        .where(eq(companyUsers.id, principal.userId))
        .limit(1);
      user = row ?? null;
    }
    if (principal.companyId) {
      const [row] = await db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(eq(companies.id, principal.companyId))
        .limit(1);
      company = row ?? null;
    }
    return c.json(IdentitySchema.parse({ data: { user, company, client_id: principal.clientId } }));
  },
});
