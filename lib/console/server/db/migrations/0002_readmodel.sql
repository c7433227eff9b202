-- The partner read model (lib/console/db/schema-readmodel.ts, docs/decisions/console-readmodel.md).
CREATE TABLE "readmodel_employments" (
	"environment" text NOT NULL,
	"company_id" text NOT NULL,
	"employment_id" text NOT NULL,
	"company_name" text NOT NULL,
	"short_id" text,
	"full_name" text NOT NULL,
	"job_title" text,
	"personal_email" text NOT NULL,
	"login_email" text,
	"work_email" text,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"employment_model" text,
	"lifecycle_stage" text,
	"country_code" text,
	"country_name" text,
	"department" text,
	"department_id" text,
	"external_id" text,
	"item" jsonb NOT NULL,
	"onboarding_completed" integer,
	"onboarding_total" integer,
	"sync_run" text NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("full_name", '') || ' ' || coalesce("personal_email", '') || ' ' || coalesce("login_email", '') || ' ' || coalesce("work_email", '') || ' ' || coalesce("job_title", '') || ' ' || coalesce("external_id", ''))) STORED,
	CONSTRAINT "readmodel_employments_pk" PRIMARY KEY ("environment", "company_id", "employment_id")
);
--> statement-breakpoint
-- One index per sortable list column, leading with the environment and ending with the row's key,
-- so a sorted page of any scope is an index walk with a deterministic order. Text sorts compare the
-- lower-cased value byte-wise (COLLATE "C"): the same order on PGlite and on any PostgreSQL locale.
CREATE INDEX "readmodel_emp_name_idx" ON "readmodel_employments" ("environment", (lower("full_name") COLLATE "C"), "company_id", "employment_id");
--> statement-breakpoint
CREATE INDEX "readmodel_emp_company_idx" ON "readmodel_employments" ("environment", (lower("company_name") COLLATE "C"), "company_id", "employment_id");
--> statement-breakpoint
CREATE INDEX "readmodel_emp_job_title_idx" ON "readmodel_employments" ("environment", (lower("job_title") COLLATE "C"), "company_id", "employment_id");
--> statement-breakpoint
CREATE INDEX "readmodel_emp_email_idx" ON "readmodel_employments" ("environment", (lower("personal_email") COLLATE "C"), "company_id", "employment_id");
--> statement-breakpoint
CREATE INDEX "readmodel_emp_status_idx" ON "readmodel_employments" ("environment", "status", "company_id", "employment_id");
--> statement-breakpoint
CREATE INDEX "readmodel_emp_type_idx" ON "readmodel_employments" ("environment", "type", "company_id", "employment_id");
--> statement-breakpoint
CREATE INDEX "readmodel_emp_country_idx" ON "readmodel_employments" ("environment", (lower("country_name") COLLATE "C"), "company_id", "employment_id");
--> statement-breakpoint
CREATE INDEX "readmodel_emp_department_idx" ON "readmodel_employments" ("environment", (lower("department") COLLATE "C"), "company_id", "employment_id");
--> statement-breakpoint
CREATE INDEX "readmodel_emp_external_id_idx" ON "readmodel_employments" ("environment", (lower("external_id") COLLATE "C"), "company_id", "employment_id");
--> statement-breakpoint
CREATE INDEX "readmodel_emp_lifecycle_idx" ON "readmodel_employments" ("environment", "lifecycle_stage", "company_id", "employment_id");
--> statement-breakpoint
CREATE INDEX "readmodel_emp_onboarding_idx" ON "readmodel_employments" ("environment", "onboarding_completed", "company_id", "employment_id");
--> statement-breakpoint
-- Search by a prefix of the name, an e-mail or the external id (exact-prefix lookups stay an index
-- range); infix search scans `search_text` within the scope (measured: docs/decisions/console-readmodel.md).
CREATE INDEX "readmodel_emp_name_prefix_idx" ON "readmodel_employments" ("environment", lower("full_name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "readmodel_emp_email_prefix_idx" ON "readmodel_employments" ("environment", lower("personal_email") text_pattern_ops);
--> statement-breakpoint
CREATE TABLE "readmodel_pending_items" (
	"environment" text NOT NULL,
	"company_id" text NOT NULL,
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"employment_id" text,
	"item" jsonb NOT NULL,
	"sync_run" text NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "readmodel_pending_items_pk" PRIMARY KEY ("environment", "company_id", "kind", "item_id")
);
--> statement-breakpoint
CREATE INDEX "readmodel_pending_kind_idx" ON "readmodel_pending_items" ("environment", "kind", "company_id");
--> statement-breakpoint
CREATE TABLE "readmodel_sync_state" (
	"environment" text NOT NULL,
	"company_id" text NOT NULL,
	"last_synced_at" timestamp with time zone,
	"syncing_since" timestamp with time zone,
	"behind_reason" text,
	"retry_at" timestamp with time zone,
	"failing_error" text,
	"failing_since" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"next_due_at" timestamp with time zone,
	"employments_count" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "readmodel_sync_state_pk" PRIMARY KEY ("environment", "company_id")
);
--> statement-breakpoint
CREATE INDEX "readmodel_sync_state_due_idx" ON "readmodel_sync_state" ("next_due_at");
--> statement-breakpoint
CREATE TABLE "readmodel_callbacks" (
	"id" text PRIMARY KEY NOT NULL,
	"environment" text NOT NULL,
	"company_id" text NOT NULL,
	"callback_id" text NOT NULL,
	"url" text NOT NULL,
	"signing_key_enc" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "readmodel_callbacks_company_uq" ON "readmodel_callbacks" ("environment", "company_id");
--> statement-breakpoint
CREATE TABLE "readmodel_webhook_events" (
	"environment" text NOT NULL,
	"event_id" text NOT NULL,
	"company_id" text NOT NULL,
	"event_type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "readmodel_webhook_events_pk" PRIMARY KEY ("environment", "event_id")
);
--> statement-breakpoint
CREATE INDEX "readmodel_webhook_events_at_idx" ON "readmodel_webhook_events" ("received_at");
--> statement-breakpoint
CREATE TABLE "readmodel_budgets" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"refilled_at" timestamp with time zone NOT NULL,
	"paused_until" timestamp with time zone,
	"paused_by_429" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
-- Consent ends, the rows go: in the transaction that revokes (or removes) the grant, whichever code
-- path does it (refresh refused, API refusal, withdrawal by an operator).
CREATE FUNCTION "readmodel_forget_company"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	env text;
	company text;
BEGIN
	IF TG_OP = 'DELETE' THEN
		env := OLD.environment;
		company := OLD.company_id;
	ELSIF NEW.status = 'revoked' AND OLD.status IS DISTINCT FROM 'revoked' THEN
		env := NEW.environment;
		company := NEW.company_id;
	ELSE
		RETURN NEW;
	END IF;
	DELETE FROM readmodel_employments WHERE environment = env AND company_id = company;
	DELETE FROM readmodel_pending_items WHERE environment = env AND company_id = company;
	DELETE FROM readmodel_sync_state WHERE environment = env AND company_id = company;
	DELETE FROM readmodel_callbacks WHERE environment = env AND company_id = company;
	IF TG_OP = 'DELETE' THEN
		RETURN OLD;
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "partner_grants_readmodel_forget" AFTER UPDATE OF "status" OR DELETE ON "partner_grants" FOR EACH ROW EXECUTE FUNCTION "readmodel_forget_company"();
