-- Saved list views (lib/console/server/db/schema-views.ts, docs/decisions/console-sort-and-saved-views.md).
CREATE TABLE "console_saved_views" (
	"id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"environment" text NOT NULL,
	"company_id" text NOT NULL,
	"list" text NOT NULL,
	"name" text NOT NULL,
	"href" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "console_saved_views_name_idx" ON "console_saved_views" USING btree ("owner","environment","company_id","list",lower("name"));--> statement-breakpoint
CREATE INDEX "console_saved_views_list_idx" ON "console_saved_views" USING btree ("owner","environment","company_id","list");