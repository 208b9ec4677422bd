ALTER TABLE "connection" ADD COLUMN "login_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connection" ADD COLUMN "new_accounts_available" boolean DEFAULT false NOT NULL;