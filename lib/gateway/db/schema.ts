import { sql } from "drizzle-orm";
import { bigint, boolean, customType, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

// One API database per environment (sandbox, production): the same tables in each.
// Areas keep their tables in their own files, re-exported here so every query sees one schema.
export * from "./schema-people-ops";
export * from "./schema-payroll";
export * from "./schema-idempotency";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const companies = pgTable("companies", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull(),
  status: text("status").notNull(),
  countryCode: text("country_code"),
  createdAt: ts("created_at").notNull(),
});

export const companyUsers = pgTable(
  "company_users",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    name: text("name").notNull(),
    email: text("email").notNull(),
    role: text("role").notNull(),
    status: text("status").notNull().default("active"),
    passwordHash: text("password_hash"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [uniqueIndex("company_users_email_uq").on(sql`lower(${t.email})`), index("company_users_company_idx").on(t.companyId)],
);

export const departments = pgTable(
  "departments",
  {
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    name: text("name").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("departments_company_idx").on(t.companyId)],
);

export const oauthClients = pgTable("oauth_clients", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  secretHash: text("secret_hash").notNull(),
  redirectUris: jsonb("redirect_uris").$type<string[]>().notNull(),
  scopes: jsonb("scopes").$type<string[]>().notNull(),
  createdAt: ts("created_at").notNull(),
});

/** Customer API tokens (`ra_test_` / `ra_live_`), stored as SHA-256 hashes. */
export const customerTokens = pgTable("customer_tokens", {
  id: uuid("id").primaryKey(),
  tokenHash: text("token_hash").notNull().unique(),
  companyId: uuid("company_id")
    .notNull()
    .references(() => companies.id),
  userId: uuid("user_id")
    .notNull()
    .references(() => companyUsers.id),
  name: text("name").notNull(),
  scopes: jsonb("scopes").$type<string[]>().notNull(),
  expiresAt: ts("expires_at"),
  revokedAt: ts("revoked_at"),
  createdAt: ts("created_at").notNull(),
});

/** A company's consent to a client (authorization-code flow); holds the refresh token hash. */
export const oauthGrants = pgTable(
  "oauth_grants",
  {
    id: uuid("id").primaryKey(),
    clientId: text("client_id")
      .notNull()
      .references(() => oauthClients.id),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => companyUsers.id),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    refreshTokenHash: text("refresh_token_hash").notNull().unique(),
    revokedAt: ts("revoked_at"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("oauth_grants_client_company_idx").on(t.clientId, t.companyId)],
);

export const oauthCodes = pgTable("oauth_codes", {
  codeHash: text("code_hash").primaryKey(),
  clientId: text("client_id")
    .notNull()
    .references(() => oauthClients.id),
  redirectUri: text("redirect_uri").notNull(),
  codeChallenge: text("code_challenge").notNull(),
  userId: uuid("user_id")
    .notNull()
    .references(() => companyUsers.id),
  companyId: uuid("company_id")
    .notNull()
    .references(() => companies.id),
  scopes: jsonb("scopes").$type<string[]>().notNull(),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
  /** The grant issued when the code was exchanged; revoked if the code is reused. */
  grantId: uuid("grant_id"),
  createdAt: ts("created_at").notNull(),
});

/** Access tokens of every OAuth grant, stored as SHA-256 hashes. */
export const accessTokens = pgTable(
  "access_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    clientId: text("client_id")
      .notNull()
      .references(() => oauthClients.id),
    grantId: uuid("grant_id").references(() => oauthGrants.id),
    companyId: uuid("company_id").references(() => companies.id),
    userId: uuid("user_id").references(() => companyUsers.id),
    scopes: jsonb("scopes").$type<string[]>().notNull(),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("access_tokens_grant_idx").on(t.grantId)],
);

/** Short browser sessions of the authorize pages (between login and consent). */
export const authorizeSessions = pgTable("authorize_sessions", {
  idHash: text("id_hash").primaryKey(),
  userId: uuid("user_id")
    .notNull()
    .references(() => companyUsers.id),
  expiresAt: ts("expires_at").notNull(),
  createdAt: ts("created_at").notNull(),
});

export const employments = pgTable(
  "employments",
  {
    id: uuid("id").primaryKey(),
    shortId: text("short_id").notNull(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    userId: uuid("user_id"),
    type: text("type").notNull(),
    employmentModel: text("employment_model"),
    status: text("status").notNull(),
    lifecycleStage: text("employment_lifecycle_stage").notNull(),
    userStatus: text("user_status"),
    fullName: text("full_name").notNull(),
    jobTitle: text("job_title"),
    personalEmail: text("personal_email").notNull(),
    loginEmail: text("login_email").notNull(),
    workEmail: text("work_email").notNull(),
    managerUserId: uuid("manager_user_id").references(() => companyUsers.id),
    departmentId: uuid("department_id").references(() => departments.id),
    externalId: text("external_id"),
    provisionalStartDate: date("provisional_start_date", { mode: "string" }),
    seniorityDate: date("seniority_date", { mode: "string" }),
    probationPeriodEndDate: date("probation_period_end_date", { mode: "string" }),
    activeContractId: uuid("active_contract_id"),
    countryCode: text("country_code"),
    basicInformation: jsonb("basic_information").$type<Record<string, unknown>>(),
    personalDetails: jsonb("personal_details").$type<Record<string, unknown>>(),
    addressDetails: jsonb("address_details").$type<Record<string, unknown>>(),
    workAddressDetails: jsonb("work_address_details").$type<Record<string, unknown>>(),
    billingAddressDetails: jsonb("billing_address_details").$type<Record<string, unknown>>(),
    administrativeDetails: jsonb("administrative_details").$type<Record<string, unknown>>(),
    contractDetails: jsonb("contract_details").$type<Record<string, unknown>>(),
    emergencyContactDetails: jsonb("emergency_contact_details").$type<Record<string, unknown>>(),
    bankAccountDetails: jsonb("bank_account_details").$type<Record<string, unknown>[]>(),
    pricingPlanDetails: jsonb("pricing_plan_details").$type<Record<string, unknown>>(),
    employmentDocumentDetails: jsonb("employment_document_details").$type<Record<string, unknown>>(),
    /** Status per onboarding task key (spec 2.4). */
    onboardingTasks: jsonb("onboarding_tasks").$type<Record<string, "completed" | "pending">>().notNull(),
    contractorType: text("contractor_type"),
    contractorSettings: jsonb("contractor_settings").$type<{ requires_work_confirmation: boolean }>(),
    contractorRate: jsonb("contractor_rate").$type<Record<string, unknown>>(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    index("employments_company_idx").on(t.companyId, t.createdAt),
    index("employments_company_status_idx").on(t.companyId, t.status),
    index("employments_personal_email_idx").on(t.companyId, sql`lower(${t.personalEmail})`),
  ],
);

export const employmentFiles = pgTable(
  "employment_files",
  {
    id: uuid("id").primaryKey(),
    employmentId: uuid("employment_id")
      .notNull()
      .references(() => employments.id),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id),
    name: text("name").notNull(),
    type: text("type").notNull(),
    subType: text("sub_type"),
    contentType: text("content_type").notNull(),
    content: bytea("content"),
    insertedAt: ts("inserted_at").notNull(),
  },
  (t) => [index("employment_files_employment_idx").on(t.employmentId)],
);

/**
 * The transactional outbox: one row per emitted event, written in the transaction of the change.
 * Delivery state lives in the webhooks tables.
 */
export const outboxEvents = pgTable(
  "outbox_events",
  {
    id: uuid("id").primaryKey(),
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    companyId: uuid("company_id"),
    eventType: text("event_type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    createdAt: ts("created_at").notNull(),
    dispatchedAt: ts("dispatched_at"),
  },
  (t) => [index("outbox_events_pending_idx").on(t.dispatchedAt, t.seq)],
);

export const schemaInfo = pgTable("schema_info", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

// ─── Webhooks ────────────────────────────────────────────────────────────────────────────────────
// Callbacks, one delivery per (outbox event, callback), and every attempt of every delivery.

/**
 * A registered callback URL. Owned either by a client (partner; `company_id` null: it receives the
 * events of every company that granted consent to that client) or by a company (`company_id` set;
 * `client_id` is the client whose user grant registered it, null for a Customer API token).
 * The signing key is stored encrypted (AES-256-GCM, the row id as additional data): HMAC needs it.
 */
export const webhookCallbacks = pgTable(
  "webhook_callbacks",
  {
    id: uuid("id").primaryKey(),
    clientId: text("client_id").references(() => oauthClients.id),
    companyId: uuid("company_id").references(() => companies.id),
    url: text("url").notNull(),
    subscribedEvents: jsonb("subscribed_events").$type<string[]>().notNull(),
    allEvents: boolean("all_events").notNull().default(false),
    signingKeyEncrypted: text("signing_key_encrypted").notNull(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
    /** Deleted callbacks are kept (soft delete) so that their delivery log stays readable. */
    deletedAt: ts("deleted_at"),
  },
  (t) => [index("webhook_callbacks_company_idx").on(t.companyId), index("webhook_callbacks_client_idx").on(t.clientId)],
);

/** One event to deliver to one callback: the unit the dispatcher claims, retries and reports. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey(),
    /** The outbox event: sent as X-Service-Event-Id, the same for every attempt and every replay. */
    eventId: uuid("event_id").notNull(),
    callbackId: uuid("callback_id")
      .notNull()
      .references(() => webhookCallbacks.id),
    companyId: uuid("company_id").notNull(),
    eventType: text("event_type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** The employment the payload names (`employment_id`, or `employment_slug`): generated by the database (migration 0009). */
    employmentId: text("employment_id").generatedAlwaysAs(sql`coalesce("payload" ->> 'employment_id', "payload" ->> 'employment_slug')`),
    /** pending | delivered | failed | cancelled */
    status: text("status").notNull(),
    /** Attempts made in all (replays included). */
    attempts: integer("attempts").notNull().default(0),
    /** Failed attempts since the delivery was queued or replayed: the position in the retry schedule. */
    retryCount: integer("retry_count").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at"),
    /** A dispatcher's claim: it expires, so a killed dispatcher's deliveries are picked up again. */
    lockedUntil: ts("locked_until"),
    lockedBy: text("locked_by"),
    firstAttemptAt: ts("first_attempt_at"),
    lastAttemptAt: ts("last_attempt_at"),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    deliveredAt: ts("delivered_at"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_event_callback_uq").on(t.eventId, t.callbackId),
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_callback_idx").on(t.callbackId, t.createdAt),
    index("webhook_deliveries_company_idx").on(t.companyId, t.createdAt),
    index("webhook_deliveries_employment_idx").on(t.employmentId, t.createdAt),
  ],
);

/** Every HTTP attempt: when, how long, and what came back (a status code or an error). */
export const webhookDeliveryAttempts = pgTable(
  "webhook_delivery_attempts",
  {
    id: uuid("id").primaryKey(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id),
    attemptNumber: integer("attempt_number").notNull(),
    startedAt: ts("started_at").notNull(),
    durationMs: integer("duration_ms").notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    success: boolean("success").notNull(),
    dispatcherId: text("dispatcher_id").notNull(),
  },
  (t) => [index("webhook_delivery_attempts_delivery_idx").on(t.deliveryId, t.startedAt)],
);
