-- What an audit entry that is not one API call says about itself (docs/decisions/console-csv-export.md):
-- a CSV export records its list, filters, columns, row count and outcome here.
ALTER TABLE "console_audit_log" ADD COLUMN "detail" jsonb;
