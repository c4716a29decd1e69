CREATE SEQUENCE "public"."production_batch_number" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "production_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"number" integer DEFAULT nextval('production_batch_number') NOT NULL,
	"fulfiller_id" text NOT NULL,
	"warehouse_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"released_by" text NOT NULL,
	"filter" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"unit_count" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "production_lines" (
	"order_line_id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"group_id" text NOT NULL,
	"fulfiller_id" text NOT NULL,
	"warehouse_id" text NOT NULL,
	"status" text NOT NULL,
	"code" text NOT NULL,
	"batch_id" text,
	"due_at" timestamp with time zone NOT NULL,
	"reject_reason" text,
	"accepted_at" timestamp with time zone,
	"printed_at" timestamp with time zone,
	"packed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "production_settings" (
	"warehouse_id" text PRIMARY KEY NOT NULL,
	"fulfiller_id" text NOT NULL,
	"release_at_cutoff" boolean DEFAULT true NOT NULL,
	"release_at_count" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "production_batches_number_key" ON "production_batches" USING btree ("number");--> statement-breakpoint
CREATE INDEX "production_batches_warehouse_idx" ON "production_batches" USING btree ("warehouse_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "production_lines_code_key" ON "production_lines" USING btree ("code");--> statement-breakpoint
CREATE INDEX "production_lines_warehouse_idx" ON "production_lines" USING btree ("warehouse_id","status");--> statement-breakpoint
CREATE INDEX "production_lines_fulfiller_idx" ON "production_lines" USING btree ("fulfiller_id","status");--> statement-breakpoint
CREATE INDEX "production_lines_batch_idx" ON "production_lines" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "production_lines_group_idx" ON "production_lines" USING btree ("group_id");