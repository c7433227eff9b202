CREATE TABLE "console_connections" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"environment" text NOT NULL,
	"kind" text NOT NULL,
	"company_id" text NOT NULL,
	"company_name" text NOT NULL,
	"user" jsonb,
	"client_id" text,
	"access_token_enc" text NOT NULL,
	"refresh_token_enc" text,
	"access_expires_at" timestamp with time zone,
	"scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"status_reason" text,
	"refresh_generation" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"environment" text NOT NULL,
	"user" jsonb,
	"company" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "console_connections" ADD CONSTRAINT "console_connections_session_id_console_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."console_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "console_connections_session_env_uq" ON "console_connections" USING btree ("session_id","environment");--> statement-breakpoint
CREATE INDEX "console_connections_company_idx" ON "console_connections" USING btree ("environment","company_id");--> statement-breakpoint
CREATE INDEX "console_sessions_expires_idx" ON "console_sessions" USING btree ("expires_at");