-- Employments of the read model per (environment, company, status, type), kept by statement-level
-- triggers on readmodel_employments in the writing transaction (every path: the sync's upserts and
-- deletes, a webhook's re-read, the revocation trigger of 0002, TRUNCATE). A list without a search
-- sums these few rows for its total_count instead of counting the scope's rows
-- (docs/decisions/bench-partner-scale.md).
CREATE TABLE "readmodel_employment_counts" (
	"environment" text NOT NULL,
	"company_id" text NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "readmodel_employment_counts_pk" PRIMARY KEY ("environment", "company_id", "status", "type")
);
--> statement-breakpoint
CREATE FUNCTION "readmodel_employment_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		DELETE FROM readmodel_employment_counts;
		RETURN NULL;
	END IF;
	-- What joined a key minus what left one; an UPDATE counts only the difference of its two sides,
	-- as multisets of keys, so a re-read that changes no status or type writes no count. Keys in
	-- order, so two writers of the same keys lock their rows in the same order.
	IF TG_OP = 'INSERT' THEN
		INSERT INTO readmodel_employment_counts AS c (environment, company_id, status, type, n)
			SELECT environment, company_id, status, type, count(*) FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
			ON CONFLICT (environment, company_id, status, type) DO UPDATE SET n = c.n + excluded.n;
		RETURN NULL;
	END IF;
	IF TG_OP = 'DELETE' THEN
		UPDATE readmodel_employment_counts c SET n = c.n - o.n
			FROM (SELECT environment, company_id, status, type, count(*) AS n FROM old_rows GROUP BY 1, 2, 3, 4) o
			WHERE c.environment = o.environment AND c.company_id = o.company_id AND c.status = o.status AND c.type = o.type;
	ELSE
		INSERT INTO readmodel_employment_counts AS c (environment, company_id, status, type, n)
			SELECT environment, company_id, status, type, sum(d) FROM (
				SELECT environment, company_id, status, type, -1 AS d FROM (
					SELECT environment, company_id, status, type FROM old_rows
					EXCEPT ALL SELECT environment, company_id, status, type FROM new_rows) gone
				UNION ALL
				SELECT environment, company_id, status, type, 1 AS d FROM (
					SELECT environment, company_id, status, type FROM new_rows
					EXCEPT ALL SELECT environment, company_id, status, type FROM old_rows) came
			) delta GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
			ON CONFLICT (environment, company_id, status, type) DO UPDATE SET n = c.n + excluded.n;
	END IF;
	-- A key that reached zero is dropped (a company whose rows all went leaves no count behind).
	DELETE FROM readmodel_employment_counts c
		USING (SELECT DISTINCT environment, company_id FROM old_rows) o
		WHERE c.environment = o.environment AND c.company_id = o.company_id AND c.n = 0;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "readmodel_employment_counts_ins" AFTER INSERT ON "readmodel_employments" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "readmodel_employment_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "readmodel_employment_counts_upd" AFTER UPDATE ON "readmodel_employments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "readmodel_employment_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "readmodel_employment_counts_del" AFTER DELETE ON "readmodel_employments" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "readmodel_employment_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "readmodel_employment_counts_trunc" AFTER TRUNCATE ON "readmodel_employments"
	FOR EACH STATEMENT EXECUTE FUNCTION "readmodel_employment_counts_apply"();
--> statement-breakpoint
INSERT INTO readmodel_employment_counts (environment, company_id, status, type, n)
	SELECT environment, company_id, status, type, count(*) FROM readmodel_employments GROUP BY 1, 2, 3, 4;
