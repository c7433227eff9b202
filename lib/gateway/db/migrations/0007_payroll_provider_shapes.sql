-- Custom fields follow the provider's EmploymentCustomField (docs/decisions/contract-payroll-webhooks.md):
-- required, data_entry_access, visibility_scope, and the currency of a currency field; a currency
-- value is the amount in minor units of the field's currency (it was {amount, currency}).
ALTER TABLE "custom_fields" ADD COLUMN "currency" text;
--> statement-breakpoint
ALTER TABLE "custom_fields" ADD COLUMN "required" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "custom_fields" ADD COLUMN "data_entry_access" text DEFAULT 'company_admin_only' NOT NULL;
--> statement-breakpoint
ALTER TABLE "custom_fields" ADD COLUMN "visibility_scope" text DEFAULT 'everyone' NOT NULL;
--> statement-breakpoint
UPDATE "custom_fields" f SET "currency" = (
  SELECT v."value"->>'currency' FROM "custom_field_values" v
  WHERE v."custom_field_id" = f."id" AND jsonb_typeof(v."value") = 'object' LIMIT 1
) WHERE f."type" = 'currency';
--> statement-breakpoint
UPDATE "custom_field_values" SET "value" = "value"->'amount' WHERE jsonb_typeof("value") = 'object' AND "value" ? 'amount';
