import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

// The console's own database (never the API's): who is signed in, and the API connections each
// session holds, one per environment, with their tokens encrypted (lib/console/crypto.ts).
// Migrations: lib/console/db/migrations, generated with `npx drizzle-kit generate --config drizzle.console.config.ts`.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export interface StoredUser {
  id: string;
  name: string;
  email: string;
}
export interface StoredCompany {
  id: string;
  name: string;
}

export const consoleSessions = pgTable(
  "console_sessions",
  {
    /** Opaque random id; the only thing the session cookie carries. */
    id: text("id").primaryKey(),
    /** How the current environment's connection was made: oauth | customer_token. */
    kind: text("kind").$type<"oauth" | "customer_token">().notNull(),
    /** The environment the console shows (sandbox | production). */
    environment: text("environment").$type<"sandbox" | "production">().notNull(),
    /** Identity of the current environment's connection (kept in step on sign-in and switch). */
    user: jsonb("user").$type<StoredUser | null>(),
    company: jsonb("company").$type<StoredCompany | null>(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
    /** Absolute end of the session: signing in again is required after it. */
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("console_sessions_expires_idx").on(t.expiresAt)],
);

export const consoleConnections = pgTable(
  "console_connections",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => consoleSessions.id, { onDelete: "cascade" }),
    environment: text("environment").$type<"sandbox" | "production">().notNull(),
    kind: text("kind").$type<"oauth" | "customer_token">().notNull(),
    companyId: text("company_id").notNull(),
    companyName: text("company_name").notNull(),
    user: jsonb("user").$type<StoredUser | null>(),
    /** The OAuth client the grant was issued to (refresh and revoke must use the same one). */
    clientId: text("client_id"),
    /** AES-256-GCM, AAD `console_connections:<id>:access_token`. */
    accessTokenEnc: text("access_token_enc").notNull(),
    /** AES-256-GCM, AAD `console_connections:<id>:refresh_token`; null for Customer API tokens. */
    refreshTokenEnc: text("refresh_token_enc"),
    /** Null: does not expire by time (Customer API tokens). */
    accessExpiresAt: ts("access_expires_at"),
    scopes: jsonb("scopes").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** active | dead (refresh refused or token rejected: sign in again). */
    status: text("status").$type<"active" | "dead">().notNull().default("active"),
    /** Why a connection died (an OAuth error code or "unauthorized"); never a token. */
    statusReason: text("status_reason"),
    /** Incremented by each refresh: a waiter that sees it change knows another instance refreshed. */
    refreshGeneration: integer("refresh_generation").notNull().default(0),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("console_connections_session_env_uq").on(t.sessionId, t.environment),
    index("console_connections_company_idx").on(t.environment, t.companyId),
  ],
);

export type ConsoleSessionRow = typeof consoleSessions.$inferSelect;
export type ConsoleConnectionRow = typeof consoleConnections.$inferSelect;
