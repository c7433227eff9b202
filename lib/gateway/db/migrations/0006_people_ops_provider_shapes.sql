-- People ops follow the provider's current API (docs/decisions/contract-people-ops.md): an offboarding
-- keeps the termination details the provider accepts, its files, and the provider's `canceled`; a
-- recurring incentive whose months are all generated is the provider's `inactive` (was `completed`);
-- a one-time incentive may name the period it pays for (period_start, period_end).
ALTER TABLE "offboardings" ADD COLUMN "personal_email" text;--> statement-breakpoint
ALTER TABLE "offboardings" ADD COLUMN "customer_informed_employee" boolean;--> statement-breakpoint
ALTER TABLE "offboardings" ADD COLUMN "acknowledge_termination_procedure" boolean;--> statement-breakpoint
ALTER TABLE "offboardings" ADD COLUMN "agrees_to_pto_amount_notes" text;--> statement-breakpoint
ALTER TABLE "people_ops_files" ADD COLUMN "offboarding_id" uuid;--> statement-breakpoint
ALTER TABLE "people_ops_files" ADD CONSTRAINT "people_ops_files_offboarding_id_offboardings_id_fk" FOREIGN KEY ("offboarding_id") REFERENCES "public"."offboardings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "offboardings" SET "status" = 'canceled' WHERE "status" = 'cancelled';--> statement-breakpoint
UPDATE "recurring_incentives" SET "status" = 'inactive' WHERE "status" = 'completed';--> statement-breakpoint
ALTER TABLE "incentives" ADD COLUMN "period_start" date;--> statement-breakpoint
ALTER TABLE "incentives" ADD COLUMN "period_end" date;
