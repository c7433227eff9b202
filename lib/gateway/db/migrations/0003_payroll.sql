CREATE TABLE "contract_amendments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"employment_id" uuid NOT NULL,
	"amendment_contract_id" uuid NOT NULL,
	"status" text NOT NULL,
	"requested_by" uuid,
	"data" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"effective_date" date NOT NULL,
	"reason" text,
	"reason_description" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"review_started_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_field_values" (
	"custom_field_id" uuid NOT NULL,
	"employment_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "custom_field_values_custom_field_id_employment_id_pk" PRIMARY KEY("custom_field_id","employment_id")
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text,
	"options" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outstanding_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_period" date NOT NULL,
	"description" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"issued_at" date NOT NULL,
	"due_date" date NOT NULL,
	"state" text NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payslips" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"employment_id" uuid NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"issued_at" date NOT NULL,
	"expected_payout_date" date NOT NULL,
	"currency" text NOT NULL,
	"gross_amount" bigint NOT NULL,
	"net_amount" bigint NOT NULL,
	"converted_currency" text NOT NULL,
	"net_converted_amount" bigint NOT NULL,
	"items" jsonb NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_custom_field_id_custom_fields_id_fk" FOREIGN KEY ("custom_field_id") REFERENCES "public"."custom_fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_amendments_company_idx" ON "contract_amendments" USING btree ("company_id","submitted_at");--> statement-breakpoint
CREATE INDEX "contract_amendments_employment_idx" ON "contract_amendments" USING btree ("employment_id","submitted_at");--> statement-breakpoint
CREATE INDEX "custom_field_values_employment_idx" ON "custom_field_values" USING btree ("employment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_company_name_uq" ON "custom_fields" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "custom_fields_company_idx" ON "custom_fields" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "outstanding_payments_company_idx" ON "outstanding_payments" USING btree ("company_id","state","due_date");--> statement-breakpoint
CREATE INDEX "outstanding_payments_company_period_idx" ON "outstanding_payments" USING btree ("company_id","invoice_period");--> statement-breakpoint
CREATE UNIQUE INDEX "payslips_employment_period_uq" ON "payslips" USING btree ("employment_id","period_start");--> statement-breakpoint
CREATE INDEX "payslips_company_period_idx" ON "payslips" USING btree ("company_id","period_start");