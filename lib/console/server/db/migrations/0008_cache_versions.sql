-- Versions of the rows a console instance keeps in memory between renders (docs/decisions/
-- bench-console-pages.md, follow-up "the session and the sync state kept in memory"): a session (with
-- its connections) and a company's sync state. Every write to them, by any path and any instance,
-- gives the row a new version from one sequence (never reused, so a row deleted and written again
-- never shows an old version); a render reads the version alone and uses its kept copy while the
-- version is the one it was read with. A deleted session has no version: refused at once.
CREATE SEQUENCE "console_cache_version_seq";
--> statement-breakpoint
ALTER TABLE "console_sessions" ADD COLUMN "version" bigint NOT NULL DEFAULT nextval('console_cache_version_seq');
--> statement-breakpoint
ALTER TABLE "readmodel_sync_state" ADD COLUMN "version" bigint NOT NULL DEFAULT nextval('console_cache_version_seq');
--> statement-breakpoint
CREATE FUNCTION "console_cache_version_next"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.version := nextval('console_cache_version_seq');
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "console_sessions_version" BEFORE UPDATE ON "console_sessions"
	FOR EACH ROW EXECUTE FUNCTION "console_cache_version_next"();
--> statement-breakpoint
CREATE TRIGGER "readmodel_sync_state_version" BEFORE UPDATE ON "readmodel_sync_state"
	FOR EACH ROW EXECUTE FUNCTION "console_cache_version_next"();
--> statement-breakpoint
ALTER TABLE "console_connections" ADD COLUMN "version" bigint NOT NULL DEFAULT nextval('console_cache_version_seq');
--> statement-breakpoint
-- A connection's change (refreshed, marked dead) is its session's change; one added or forgotten
-- changes the session's count of connections or their highest version. Kept on the connection's own
-- row, not written to the session's (a trigger updating the session from a connection's write would
-- lock the two rows in the opposite order to a sign-in that updates the session, then its connections).
CREATE TRIGGER "console_connections_version" BEFORE UPDATE ON "console_connections"
	FOR EACH ROW EXECUTE FUNCTION "console_cache_version_next"();
