-- Writes to the tables whose rows a console instance keeps in memory between renders, announced on
-- the channel 'console_changes' once per statement: the table's name for the console's sessions and
-- connections (and for any TRUNCATE), 'table:environment:company' for each company whose read-model
-- rows a statement wrote (a sync of one company leaves the others' kept pages alone) (docs/decisions/
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
-- For triggers declaring their rows as the transition table "changed_rows".
CREATE FUNCTION "console_changes_notify_companies"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	r record;
BEGIN
	FOR r IN SELECT DISTINCT environment, company_id FROM changed_rows LOOP
		PERFORM pg_notify('console_changes', TG_TABLE_NAME || ':' || r.environment || ':' || r.company_id);
	END LOOP;
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
CREATE TRIGGER "readmodel_sync_state_changes_ins" AFTER INSERT ON "readmodel_sync_state" REFERENCING NEW TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "console_changes_notify_companies"();
--> statement-breakpoint
CREATE TRIGGER "readmodel_sync_state_changes_upd" AFTER UPDATE ON "readmodel_sync_state" REFERENCING NEW TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "console_changes_notify_companies"();
--> statement-breakpoint
CREATE TRIGGER "readmodel_sync_state_changes_del" AFTER DELETE ON "readmodel_sync_state" REFERENCING OLD TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "console_changes_notify_companies"();
--> statement-breakpoint
CREATE TRIGGER "readmodel_sync_state_changes_truncate" AFTER TRUNCATE ON "readmodel_sync_state"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_changes_notify"();
--> statement-breakpoint
CREATE TRIGGER "readmodel_employments_changes_ins" AFTER INSERT ON "readmodel_employments" REFERENCING NEW TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "console_changes_notify_companies"();
--> statement-breakpoint
CREATE TRIGGER "readmodel_employments_changes_upd" AFTER UPDATE ON "readmodel_employments" REFERENCING NEW TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "console_changes_notify_companies"();
--> statement-breakpoint
CREATE TRIGGER "readmodel_employments_changes_del" AFTER DELETE ON "readmodel_employments" REFERENCING OLD TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "console_changes_notify_companies"();
--> statement-breakpoint
CREATE TRIGGER "readmodel_employments_changes_truncate" AFTER TRUNCATE ON "readmodel_employments"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_changes_notify"();
--> statement-breakpoint
CREATE TRIGGER "readmodel_employment_counts_changes_ins" AFTER INSERT ON "readmodel_employment_counts" REFERENCING NEW TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "console_changes_notify_companies"();
--> statement-breakpoint
CREATE TRIGGER "readmodel_employment_counts_changes_upd" AFTER UPDATE ON "readmodel_employment_counts" REFERENCING NEW TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "console_changes_notify_companies"();
--> statement-breakpoint
CREATE TRIGGER "readmodel_employment_counts_changes_del" AFTER DELETE ON "readmodel_employment_counts" REFERENCING OLD TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "console_changes_notify_companies"();
--> statement-breakpoint
CREATE TRIGGER "readmodel_employment_counts_changes_truncate" AFTER TRUNCATE ON "readmodel_employment_counts"
	FOR EACH STATEMENT EXECUTE FUNCTION "console_changes_notify"();
