CREATE TABLE "plaid_link_token" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"sealed_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plaid_link_token" ADD CONSTRAINT "plaid_link_token_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plaid_link_token_user_idx" ON "plaid_link_token" USING btree ("user_id","created_at");--> statement-breakpoint
-- One Plaid item, one user (docs/decisions/0014-sandbox-keys-and-link-sessions.md): where a public token was
-- accepted across users before, the first connection to the item stays and the later ones go, with their data.
DELETE FROM "connection" later USING "connection" earlier WHERE later."platform" = 'plaid' AND earlier."platform" = 'plaid' AND later."item_id" = earlier."item_id" AND (earlier."created_at", earlier."id") < (later."created_at", later."id");--> statement-breakpoint
CREATE UNIQUE INDEX "connection_plaid_item_idx" ON "connection" USING btree ("item_id") WHERE "connection"."platform" = 'plaid';