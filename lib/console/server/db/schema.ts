import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { GrantStatus } from "../../partner/grant-status";

// The console's own database (never the API's): who is signed in, and the API connections each
// session holds, one per environment, with their tokens encrypted (lib/console/server/crypto.ts).
// Migrations: lib/console/server/db/migrations, generated with `npx drizzle-kit generate --config drizzle.console.config.ts`.

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
    /** How the user signed in: oauth | customer_token (company admins), operator (partner staff). */
    kind: text("kind").$type<"oauth" | "customer_token" | "operator">().notNull(),
    /** The operator of an operator session (null for company admins). */
    operatorId: text("operator_id").references(() => consoleOperators.id, { onDelete: "cascade" }),
    /** The environment the console shows (sandbox | production). */
    environment: text("environment").$type<"sandbox" | "production">().notNull(),
    /**
     * Identity of the current environment's connection (kept in step on sign-in and switch). For an
     * operator: the operator, and the company they act for in the current environment (null: the
     * partner view).
     */
    user: jsonb("user").$type<StoredUser | null>(),
    company: jsonb("company").$type<StoredCompany | null>(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
    /** Absolute end of the session: signing in again is required after it. */
    expiresAt: ts("expires_at").notNull(),
    /**
     * New on every write to the session or its connections (migration 0008's triggers, one sequence):
     * an instance's kept copy of the session is used while this is the version it was read with.
     */
    version: bigint("version", { mode: "number" })
      .notNull()
      .default(sql`nextval('console_cache_version_seq')`),
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
    scopes: jsonb("scopes")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** active | dead (refresh refused or token rejected: sign in again). */
    status: text("status").$type<"active" | "dead">().notNull().default("active"),
    /** Why a connection died (an OAuth error code or "unauthorized"); never a token. */
    statusReason: text("status_reason"),
    /** Incremented by each refresh: a waiter that sees it change knows another instance refreshed. */
    refreshGeneration: integer("refresh_generation").notNull().default(0),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
    /** New on every write to the row (migration 0008): with the session's own, what a kept session is checked against. */
    version: bigint("version", { mode: "number" })
      .notNull()
      .default(sql`nextval('console_cache_version_seq')`),
  },
  (t) => [
    uniqueIndex("console_connections_session_env_uq").on(t.sessionId, t.environment),
    index("console_connections_company_idx").on(t.environment, t.companyId),
  ],
);

export type ConsoleSessionRow = typeof consoleSessions.$inferSelect;
export type ConsoleConnectionRow = typeof consoleConnections.$inferSelect;

/** Partner staff who sign in to the console itself (docs/decisions/partner-view.md). */
export const consoleOperators = pgTable(
  "console_operators",
  {
    id: text("id").primaryKey(),
    /** Lowercase. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    /** argon2id PHC string; never the password. */
    passwordHash: text("password_hash").notNull(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [uniqueIndex("console_operators_email_uq").on(t.email)],
);

export type { GrantStatus };

/** A company's consent to the partner in one environment: the grant the console acts with. */
export const partnerGrants = pgTable(
  "partner_grants",
  {
    id: text("id").primaryKey(),
    environment: text("environment").$type<"sandbox" | "production">().notNull(),
    companyId: text("company_id").notNull(),
    companyName: text("company_name").notNull(),
    /** The OAuth client the grant was issued to (refresh and revoke must use it). */
    clientId: text("client_id").notNull(),
    /** AES-256-GCM, AAD `partner_grants:<id>:access_token`; null once revoked. */
    accessTokenEnc: text("access_token_enc"),
    /** AES-256-GCM, AAD `partner_grants:<id>:refresh_token`; null once revoked. */
    refreshTokenEnc: text("refresh_token_enc"),
    accessExpiresAt: ts("access_expires_at"),
    scopes: jsonb("scopes")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The company user who consented. */
    consentedBy: jsonb("consented_by").$type<StoredUser | null>(),
    consentedAt: ts("consented_at").notNull(),
    /** The operator whose consent link was used (null when unknown). */
    connectedByOperatorId: text("connected_by_operator_id"),
    status: text("status").$type<GrantStatus>().notNull().default("active"),
    /** Why the grant is failing or revoked; never a token. */
    statusReason: text("status_reason"),
    statusChangedAt: ts("status_changed_at").notNull(),
    lastSuccessAt: ts("last_success_at"),
    /** Incremented by each refresh: a waiter that sees it change knows another instance refreshed. */
    refreshGeneration: integer("refresh_generation").notNull().default(0),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [uniqueIndex("partner_grants_env_company_uq").on(t.environment, t.companyId)],
);

/** A link an operator sends to a company admin: opening it starts the consent flow. Single use. */
export const partnerConsentLinks = pgTable(
  "partner_consent_links",
  {
    id: text("id").primaryKey(),
    /** SHA-256 (hex) of the random token in the link; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    environment: text("environment").$type<"sandbox" | "production">().notNull(),
    createdByOperatorId: text("created_by_operator_id").notNull(),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    usedByCompany: jsonb("used_by_company").$type<StoredCompany | null>(),
  },
  (t) => [
    uniqueIndex("partner_consent_links_token_uq").on(t.tokenHash),
    index("partner_consent_links_env_idx").on(t.environment, t.createdAt),
  ],
);

export interface AuditActor {
  kind: "operator" | "company_user" | "customer_token";
  id: string | null;
  name: string | null;
  email: string | null;
}

/** An export of a list (docs/decisions/console-csv-export.md). */
export interface AuditExportDetail {
  kind: "csv_export";
  /** The list's console path, e.g. "/expenses". */
  list: string;
  /** The list's filters as its URL holds them (free text redacted), e.g. { status: "approved" }. */
  filters: Record<string, string>;
  columns: string[];
  /** Rows sent, and the list's total when the export started. */
  rows: number;
  total: number;
  /** "started" until the stream ends (an entry left "started" is an export whose process stopped). */
  outcome: "started" | "complete" | "cancelled" | "failed";
}
export type AuditDetail = AuditExportDetail;

/** Every mutating call the console made to the API: who, for which company, what, and the answer. */
export const consoleAuditLog = pgTable(
  "console_audit_log",
  {
    id: text("id").primaryKey(),
    at: ts("at").notNull(),
    environment: text("environment").$type<"sandbox" | "production">().notNull(),
    companyId: text("company_id"),
    companyName: text("company_name"),
    actor: jsonb("actor").$type<AuditActor>().notNull(),
    method: text("method").notNull(),
    /** The API path called, without its query. */
    path: text("path").notNull(),
    /** The API's HTTP status (0: the API could not be reached). */
    status: integer("status").notNull(),
    requestId: text("request_id"),
    /** What an entry that is not one API call says about itself (a CSV export: list, filters, rows). */
    detail: jsonb("detail").$type<AuditDetail>(),
  },
  (t) => [
    index("console_audit_log_company_idx").on(t.environment, t.companyId, t.at),
    /** The path's segments (migration 0007): the audit entries naming one id (lib/console/server/timeline/audit.ts). */
    index("console_audit_log_path_segments_idx").using("gin", sql`string_to_array(${t.path}, '/')`),
  ],
);

export type ConsoleOperatorRow = typeof consoleOperators.$inferSelect;
export type PartnerGrantRow = typeof partnerGrants.$inferSelect;
export type PartnerConsentLinkRow = typeof partnerConsentLinks.$inferSelect;
export type ConsoleAuditRow = typeof consoleAuditLog.$inferSelect;
export * from "./schema-readmodel";
export * from "./schema-views";
