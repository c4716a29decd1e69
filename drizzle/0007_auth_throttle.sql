ALTER TABLE "auth_attempts" ADD COLUMN "kind" text DEFAULT 'sign-in' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD COLUMN "device" text;