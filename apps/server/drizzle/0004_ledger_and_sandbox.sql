CREATE TABLE "balance_snapshot" (
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"as_of" date NOT NULL,
	"current" numeric,
	"available" numeric,
	"current_usd" numeric,
	"currency" text NOT NULL,
	CONSTRAINT "balance_snapshot_account_id_as_of_pk" PRIMARY KEY("account_id","as_of")
);
--> statement-breakpoint
CREATE TABLE "connection" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"platform" text NOT NULL,
	"name" text NOT NULL,
	"institution_name" text,
	"item_id" text,
	"external_user_id" text,
	"chain" text,
	"tag" text,
	"sealed_secret" text,
	"status" text DEFAULT 'active' NOT NULL,
	"status_detail" text,
	"sync_cursor" text,
	"sync_lease_until" timestamp with time zone,
	"sync_started_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holding" (
	"user_id" text NOT NULL,
	"account_id" text NOT NULL,
	"security_id" text NOT NULL,
	"quantity" numeric NOT NULL,
	"price" numeric,
	"value" numeric,
	"cost_basis" numeric,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holding_account_id_security_id_pk" PRIMARY KEY("account_id","security_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_account" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"connection_id" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"name" text NOT NULL,
	"official_name" text,
	"mask" text,
	"kind" text NOT NULL,
	"subtype" text,
	"currency" text NOT NULL,
	"current_balance" numeric,
	"available_balance" numeric,
	"credit_limit" numeric,
	"current_balance_usd" numeric,
	"balance_as_of" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transaction" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"connection_id" text NOT NULL,
	"account_id" text NOT NULL,
	"provider_transaction_id" text NOT NULL,
	"date" date NOT NULL,
	"amount" numeric NOT NULL,
	"currency" text NOT NULL,
	"amount_usd" numeric,
	"name" text NOT NULL,
	"merchant" text,
	"category_primary" text,
	"category_detailed" text,
	"pending" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_user" (
	"user_id" text NOT NULL,
	"platform" text NOT NULL,
	"external_user_id" text NOT NULL,
	"sealed_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_user_user_id_platform_pk" PRIMARY KEY("user_id","platform")
);
--> statement-breakpoint
CREATE TABLE "sandbox_record" (
	"namespace" text NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_record_namespace_key_pk" PRIMARY KEY("namespace","key")
);
--> statement-breakpoint
CREATE TABLE "security" (
	"id" text PRIMARY KEY NOT NULL,
	"ticker" text,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"currency" text NOT NULL,
	"close_price" numeric,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "balance_snapshot" ADD CONSTRAINT "balance_snapshot_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_snapshot" ADD CONSTRAINT "balance_snapshot_account_id_ledger_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection" ADD CONSTRAINT "connection_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding" ADD CONSTRAINT "holding_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding" ADD CONSTRAINT "holding_account_id_ledger_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding" ADD CONSTRAINT "holding_security_id_security_id_fk" FOREIGN KEY ("security_id") REFERENCES "public"."security"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_account" ADD CONSTRAINT "ledger_account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_account" ADD CONSTRAINT "ledger_account_connection_id_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD CONSTRAINT "ledger_transaction_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD CONSTRAINT "ledger_transaction_connection_id_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transaction" ADD CONSTRAINT "ledger_transaction_account_id_ledger_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_user" ADD CONSTRAINT "provider_user_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_snapshot_user_idx" ON "balance_snapshot" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "connection_user_name_idx" ON "connection" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "connection_user_platform_idx" ON "connection" USING btree ("user_id","platform");--> statement-breakpoint
CREATE INDEX "holding_user_idx" ON "holding" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_account_connection_provider_idx" ON "ledger_account" USING btree ("connection_id","provider_account_id");--> statement-breakpoint
CREATE INDEX "ledger_account_user_idx" ON "ledger_account" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transaction_provider_idx" ON "ledger_transaction" USING btree ("connection_id","provider_transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_transaction_account_date_idx" ON "ledger_transaction" USING btree ("user_id","account_id","date","id");--> statement-breakpoint
CREATE INDEX "ledger_transaction_user_date_idx" ON "ledger_transaction" USING btree ("user_id","date");