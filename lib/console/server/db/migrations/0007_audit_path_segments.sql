-- The audit entries of one employment (docs/decisions/console-employment-timeline.md, Follow-up): the
-- path's segments indexed (GIN over string_to_array(path, '/')), so that the timeline's lookup of the
-- entries naming an id as a segment is an index lookup instead of a LIKE '%/{id}' over the company's log.
CREATE INDEX IF NOT EXISTS "console_audit_log_path_segments_idx" ON "console_audit_log" USING gin (string_to_array("path", '/'));
