-- Writes to the tables whose rows a console instance keeps in memory between renders, announced on
-- the channel 'console_changes' (payload: the table's name), once per statement (docs/decisions/
-- bench-console-pages.md, follow-up "kept copies checked without a statement on PGlite"). On PGlite
-- the console database belongs to one process, which listens: PGlite delivers a notification before
-- the writing statement (or its transaction's COMMIT) resolves, so a copy kept while no write has been
-- announced is exact without reading anything. On PostgreSQL nobody listens (other instances write
-- too: kept copies are checked against the row versions of migration 0008), and a notification
-- nobody listens to costs next to nothing.
CREATE FUNCTION "console_changes_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('console_changes', TG_TABLE_NAME);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "console_sessions_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "console_sessions"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_changes_notify"();
--> statement-breakpoint
CREATE TRIGGER "console_connections_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "console_connections"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_changes_notify"();
--> statement-breakpoint
CREATE TRIGGER "readmodel_sync_state_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "readmodel_sync_state"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_changes_notify"();
--> statement-breakpoint
CREATE TRIGGER "readmodel_employments_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "readmodel_employments"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_changes_notify"();
--> statement-breakpoint
CREATE TRIGGER "readmodel_employment_counts_changes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "readmodel_employment_counts"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_changes_notify"();
