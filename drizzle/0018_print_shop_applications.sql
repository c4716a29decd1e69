CREATE TABLE "fulfiller_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"store_id" text NOT NULL,
	"business_name" text NOT NULL,
	"handle" text NOT NULL,
	"address" jsonb NOT NULL,
	"techniques" text[] NOT NULL,
	"capacity_per_day" integer NOT NULL,
	"terms_version" text NOT NULL,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_note" text DEFAULT '' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"fulfiller_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fulfiller_applications_capacity_check" CHECK ("fulfiller_applications"."capacity_per_day" > 0)
);
--> statement-breakpoint
ALTER TABLE "fulfillers" ADD COLUMN "suspension_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fulfillers" ADD COLUMN "application_id" text;--> statement-breakpoint
ALTER TABLE "fulfillers" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "fulfillers" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fulfillers" ADD COLUMN "payout_contact_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fulfillers" ADD COLUMN "payout_contact_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fulfillers" ADD COLUMN "registered_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
CREATE INDEX "fulfiller_applications_status_idx" ON "fulfiller_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "fulfiller_applications_store_idx" ON "fulfiller_applications" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fulfiller_applications_pending_user_key" ON "fulfiller_applications" USING btree ("user_id") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "fulfiller_applications_pending_handle_key" ON "fulfiller_applications" USING btree ("handle") WHERE status = 'pending';