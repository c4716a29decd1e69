CREATE TABLE "demo_seed_runs" (
	"steps_key" text PRIMARY KEY NOT NULL,
	"summary" jsonb NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL
);
