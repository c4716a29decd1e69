CREATE SEQUENCE "public"."case_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "case_lines" (
	"case_id" text NOT NULL,
	"line_id" text NOT NULL,
	"title" text NOT NULL,
	"variant_label" text NOT NULL,
	"quantity" integer NOT NULL,
	"image" jsonb,
	"open" boolean DEFAULT true NOT NULL,
	CONSTRAINT "case_lines_case_id_line_id_pk" PRIMARY KEY("case_id","line_id")
);
--> statement-breakpoint
CREATE TABLE "case_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"case_id" text NOT NULL,
	"author" text NOT NULL,
	"author_user_id" text,
	"body" text NOT NULL,
	"internal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"id" text PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"order_id" text NOT NULL,
	"order_number" text NOT NULL,
	"group_id" text NOT NULL,
	"fulfiller_id" text NOT NULL,
	"fulfiller_name" text NOT NULL,
	"warehouse_name" text NOT NULL,
	"shopper_user_id" text,
	"shopper_email" text NOT NULL,
	"shopper_name" text NOT NULL,
	"currency" text NOT NULL,
	"photo_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"first_response_due_at" timestamp with time zone NOT NULL,
	"first_response_at" timestamp with time zone,
	"resolution" text,
	"fault_code" text,
	"resolution_note" text,
	"refund_minor" integer,
	"refund_id" text,
	"reprint_group_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "shipment_groups" ADD COLUMN "reprint_of" text;--> statement-breakpoint
ALTER TABLE "shipment_groups" ADD COLUMN "reprint_reason" text;--> statement-breakpoint
ALTER TABLE "shipment_groups" ADD COLUMN "reprinted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "case_lines" ADD CONSTRAINT "case_lines_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_messages" ADD CONSTRAINT "case_messages_case_id_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "case_lines_one_open_case" ON "case_lines" USING btree ("line_id") WHERE "case_lines"."open";--> statement-breakpoint
CREATE INDEX "case_messages_case_idx" ON "case_messages" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cases_number_key" ON "cases" USING btree ("number");--> statement-breakpoint
CREATE INDEX "cases_status_idx" ON "cases" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "cases_fulfiller_idx" ON "cases" USING btree ("fulfiller_id","status");--> statement-breakpoint
CREATE INDEX "cases_order_idx" ON "cases" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "cases_group_idx" ON "cases" USING btree ("group_id","status");