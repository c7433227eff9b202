import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

// Idempotency keys of POST requests (docs/decisions/api-idempotency-keys.md); re-exported from
// schema.ts. Migration: migrations/0005_idempotency_keys.sql. A row is written in the same
// transaction as the request's effect, so a crash leaves either both or neither.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** Who may reuse the key: the credential's kind, client, company and user (the database is the environment's). */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of method, path, query and the canonical JSON body: another request under the key is a 422. */
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status").notNull(),
    /** The handler's own headers (content type, location…), not the per-request ones (request id, rate limits). */
    responseHeaders: jsonb("response_headers").$type<Record<string, string>>().notNull(),
    /** The body bytes, base64. */
    responseBody: text("response_body").notNull(),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("idempotency_keys_expires_idx").on(t.expiresAt)],
);
