-- The API's read path (issue 11; docs/decisions/api-read-path-cache.md, bench-api-scale.md).
--
-- cache_versions: one counter per key, bumped in the transaction of every write by statement-level
-- triggers: 'c:<company id>' for rows of a company, 'global' for rows of no company, 'auth' for the
-- tables a bearer token resolves through. In-process caches keep the versions they were filled at
-- and a changed version is a miss. The triggers also pg_notify('roster_versions', key) so that a
-- PGlite process learns of its own writes without a query (PostgreSQL instances read the row).
--
-- employment_counts: employments per (company, status, type, model), kept by triggers in the same
-- transaction, so that a list's total_count is a sum of a few rows instead of a count(*).
CREATE TABLE IF NOT EXISTS "cache_versions" (
	"key" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "employment_counts" (
	"company_id" uuid NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"employment_model" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "employment_counts_pk" PRIMARY KEY ("company_id", "status", "type", "employment_model")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION roster_bump_versions(keys text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE k text;
BEGIN
	IF keys IS NULL OR cardinality(keys) = 0 THEN RETURN; END IF;
	-- In key order: two transactions bumping the same keys lock them in the same order.
	INSERT INTO cache_versions AS v ("key", "version")
		SELECT DISTINCT u, 1 FROM unnest(keys) AS u ORDER BY 1
		ON CONFLICT ("key") DO UPDATE SET "version" = v."version" + 1;
	FOREACH k IN ARRAY keys LOOP PERFORM pg_notify('roster_versions', k); END LOOP;
END $$;
--> statement-breakpoint
-- Rows with a company_id (NULL: 'global'). The trigger names its transition table changed_rows.
CREATE OR REPLACE FUNCTION roster_versions_company_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM roster_bump_versions(ARRAY(SELECT DISTINCT coalesce('c:' || company_id::text, 'global') FROM changed_rows));
	IF TG_ARGV[0] = 'auth' AND EXISTS (SELECT 1 FROM changed_rows) THEN PERFORM roster_bump_versions(ARRAY['auth']); END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- The companies table: the company's own key.
CREATE OR REPLACE FUNCTION roster_versions_company_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM roster_bump_versions(ARRAY(SELECT DISTINCT 'c:' || id::text FROM changed_rows));
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Any other table: every company (statement level, no transition table needed).
CREATE OR REPLACE FUNCTION roster_versions_global() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM roster_bump_versions(CASE WHEN TG_ARGV[0] = 'auth' THEN ARRAY['global', 'auth'] ELSE ARRAY['global'] END);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION roster_employment_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		DELETE FROM employment_counts;
		RETURN NULL;
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		UPDATE employment_counts c SET n = c.n - o.n
		FROM (SELECT company_id, status, type, coalesce(employment_model, '') AS m, count(*) AS n FROM old_rows GROUP BY 1, 2, 3, 4) o
		WHERE c.company_id = o.company_id AND c.status = o.status AND c.type = o.type AND c.employment_model = o.m;
	END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') THEN
		INSERT INTO employment_counts AS c (company_id, status, type, employment_model, n)
			SELECT company_id, status, type, coalesce(employment_model, ''), count(*) FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
			ON CONFLICT (company_id, status, type, employment_model) DO UPDATE SET n = c.n + excluded.n;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER roster_employment_counts_ins AFTER INSERT ON employments REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION roster_employment_counts();
--> statement-breakpoint
CREATE TRIGGER roster_employment_counts_upd AFTER UPDATE ON employments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION roster_employment_counts();
--> statement-breakpoint
CREATE TRIGGER roster_employment_counts_del AFTER DELETE ON employments REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION roster_employment_counts();
--> statement-breakpoint
CREATE TRIGGER roster_employment_counts_trunc AFTER TRUNCATE ON employments
	FOR EACH STATEMENT EXECUTE FUNCTION roster_employment_counts();
--> statement-breakpoint
INSERT INTO employment_counts (company_id, status, type, employment_model, n)
	SELECT company_id, status, type, coalesce(employment_model, ''), count(*) FROM employments GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- Attaches the version triggers to every table of this schema that has none yet (tables added by
-- later migrations get them too: the runner calls this after every start's migrations).
CREATE OR REPLACE FUNCTION roster_attach_version_triggers() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	t record;
	fn text;
	arg text;
BEGIN
	FOR t IN
		SELECT c.relname AS name,
			EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'company_id' AND NOT a.attisdropped) AS has_company
		FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE c.relkind IN ('r', 'p') AND n.nspname = current_schema()
			-- Not read by any cached answer: the webhook pipeline (GET /v1/webhook-events* is never
			-- cached, lib/gateway/cache/read-path.ts), which writes per delivery, and bookkeeping.
			AND c.relname NOT IN ('cache_versions', 'employment_counts', 'roster_migrations', 'idempotency_keys', 'authorize_sessions',
				'outbox_events', 'webhook_deliveries', 'webhook_delivery_attempts')
			AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'roster_versions_trunc')
	LOOP
		arg := CASE WHEN t.name IN ('access_tokens', 'customer_tokens', 'oauth_grants', 'company_users', 'oauth_clients') THEN 'auth' ELSE '' END;
		fn := CASE
			WHEN t.name = 'companies' THEN 'roster_versions_company_ids'
			WHEN t.has_company THEN 'roster_versions_company_rows'
			ELSE NULL END;
		IF fn IS NULL THEN
			EXECUTE format('CREATE TRIGGER roster_versions_all AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION roster_versions_global(%L)', t.name, arg);
		ELSE
			EXECUTE format('CREATE TRIGGER roster_versions_ins AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION %I(%L)', t.name, fn, arg);
			EXECUTE format('CREATE TRIGGER roster_versions_upd AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION %I(%L)', t.name, fn, arg);
			EXECUTE format('CREATE TRIGGER roster_versions_del AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION %I(%L)', t.name, fn, arg);
		END IF;
		-- TRUNCATE (tests empty the tables) forgets every company.
		EXECUTE format('CREATE TRIGGER roster_versions_trunc AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION roster_versions_global(%L)', t.name, arg);
	END LOOP;
END $$;
--> statement-breakpoint
SELECT roster_attach_version_triggers();
--> statement-breakpoint
-- Keyset-friendly list order (created_at, id) per company, and per filter column.
CREATE INDEX IF NOT EXISTS "employments_company_order_idx" ON "employments" USING btree ("company_id", "created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "employments_company_status_order_idx" ON "employments" USING btree ("company_id", "status", "created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "employments_company_type_order_idx" ON "employments" USING btree ("company_id", "type", "created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "employments_company_model_order_idx" ON "employments" USING btree ("company_id", "employment_model", "created_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "employments_company_short_id_idx" ON "employments" USING btree ("company_id", "short_id");
