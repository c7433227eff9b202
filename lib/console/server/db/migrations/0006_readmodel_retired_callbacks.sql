-- The console's read-model callbacks that left readmodel_callbacks but may still be registered at the
-- API (docs/decisions/console-readmodel-sources.md, "Follow-up: retired callbacks"). Every deletion of a
-- readmodel_callbacks row (a source ending, the partner grant's trigger, the scheduler's sweep) records
-- it here in the same transaction; the row goes once the API confirms the callback is gone (deleted, or
-- 404), and until then says why it is not (no working token, the API's refusal) and is retried with the
-- next working token for the company.
CREATE TABLE "readmodel_callbacks_retired" (
	"id" text PRIMARY KEY NOT NULL,
	"environment" text NOT NULL,
	"company_id" text NOT NULL,
	"callback_id" text NOT NULL,
	"url" text NOT NULL,
	"retired_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "readmodel_callbacks_retired_company_idx" ON "readmodel_callbacks_retired" ("environment", "company_id");
--> statement-breakpoint
CREATE FUNCTION "readmodel_retire_callback"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO readmodel_callbacks_retired (id, environment, company_id, callback_id, url, retired_at, reason)
	VALUES (OLD.id, OLD.environment, OLD.company_id, OLD.callback_id, OLD.url, now(),
		'the company''s read-model source ended; not yet deleted at the API')
	ON CONFLICT (id) DO NOTHING;
	RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "readmodel_callbacks_retire" AFTER DELETE ON "readmodel_callbacks" FOR EACH ROW EXECUTE FUNCTION "readmodel_retire_callback"();
