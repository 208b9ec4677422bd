CREATE TABLE "username_reservation" (
	"username" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resource" DROP CONSTRAINT "resource_pkey";--> statement-breakpoint
ALTER TABLE "resource" ADD CONSTRAINT "resource_user_id_id_pk" PRIMARY KEY("user_id","id");