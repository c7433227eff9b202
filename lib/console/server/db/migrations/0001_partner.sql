CREATE TABLE "console_audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"environment" text NOT NULL,
	"company_id" text,
	"company_name" text,
	"actor" jsonb NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "console_operators" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_consent_links" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"environment" text NOT NULL,
	"created_by_operator_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by_company" jsonb
);
--> statement-breakpoint
CREATE TABLE "partner_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"environment" text NOT NULL,
	"company_id" text NOT NULL,
	"company_name" text NOT NULL,
	"client_id" text NOT NULL,
	"access_token_enc" text,
	"refresh_token_enc" text,
	"access_expires_at" timestamp with time zone,
	"scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"consented_by" jsonb,
	"consented_at" timestamp with time zone NOT NULL,
	"connected_by_operator_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"status_reason" text,
	"status_changed_at" timestamp with time zone NOT NULL,
	"last_success_at" timestamp with time zone,
	"refresh_generation" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "console_sessions" ADD COLUMN "operator_id" text;--> statement-breakpoint
CREATE INDEX "console_audit_log_company_idx" ON "console_audit_log" USING btree ("environment","company_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "console_operators_email_uq" ON "console_operators" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_consent_links_token_uq" ON "partner_consent_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "partner_consent_links_env_idx" ON "partner_consent_links" USING btree ("environment","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_grants_env_company_uq" ON "partner_grants" USING btree ("environment","company_id");--> statement-breakpoint
ALTER TABLE "console_sessions" ADD CONSTRAINT "console_sessions_operator_id_console_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."console_operators"("id") ON DELETE cascade ON UPDATE no action;