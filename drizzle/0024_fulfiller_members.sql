CREATE TABLE "fulfiller_members" (
	"id" text PRIMARY KEY NOT NULL,
	"fulfiller_id" text NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"added_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "fulfiller_members_status_check" CHECK ("fulfiller_members"."status" in ('active', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "fulfiller_members" ADD CONSTRAINT "fulfiller_members_fulfiller_id_fulfillers_id_fk" FOREIGN KEY ("fulfiller_id") REFERENCES "public"."fulfillers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fulfiller_members_active_key" ON "fulfiller_members" USING btree ("fulfiller_id","user_id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "fulfiller_members_user_idx" ON "fulfiller_members" USING btree ("user_id");