CREATE TABLE "action_change" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"proposal_id" text NOT NULL,
	"item_id" text NOT NULL,
	"kind" text NOT NULL,
	"undo" jsonb NOT NULL,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "action_proposal" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"thread_id" text NOT NULL,
	"query_id" text NOT NULL,
	"title" text NOT NULL,
	"items" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirm_key" text,
	"selected_item_ids" jsonb,
	"outcome" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_rule" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"match" text NOT NULL,
	"pattern" text NOT NULL,
	"category_primary" text NOT NULL,
	"category_detailed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD COLUMN "provider_category_primary" text;--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD COLUMN "provider_category_detailed" text;--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD COLUMN "user_category_primary" text;--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD COLUMN "user_category_detailed" text;--> statement-breakpoint
ALTER TABLE "action_change" ADD CONSTRAINT "action_change_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_change" ADD CONSTRAINT "action_change_proposal_id_action_proposal_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."action_proposal"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_proposal" ADD CONSTRAINT "action_proposal_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_rule" ADD CONSTRAINT "category_rule_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_change_proposal_idx" ON "action_change" USING btree ("user_id","proposal_id");--> statement-breakpoint
CREATE INDEX "action_proposal_user_idx" ON "action_proposal" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "category_rule_user_idx" ON "category_rule" USING btree ("user_id","created_at");--> statement-breakpoint
-- Until now the ledger's category was the provider's: it is kept as such, and is the effective one.
UPDATE "ledger_transaction" SET "provider_category_primary" = "category_primary", "provider_category_detailed" = "category_detailed";
