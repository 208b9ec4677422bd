CREATE TABLE "chat_thread" (
	"id" text NOT NULL,
	"user_id" text NOT NULL,
	"title" text DEFAULT 'Untitled Chat' NOT NULL,
	"turn_count" integer DEFAULT 0 NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_thread_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
CREATE TABLE "chat_turn" (
	"user_id" text NOT NULL,
	"query_id" text NOT NULL,
	"thread_id" text NOT NULL,
	"seq" bigserial NOT NULL,
	"user_message" text NOT NULL,
	"status" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"agent_actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dsl_objects" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"model" text,
	"timings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"forked_from" jsonb,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_turn_user_id_query_id_pk" PRIMARY KEY("user_id","query_id")
);
--> statement-breakpoint
ALTER TABLE "chat_thread" ADD CONSTRAINT "chat_thread_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_turn" ADD CONSTRAINT "chat_turn_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_turn" ADD CONSTRAINT "chat_turn_thread_fk" FOREIGN KEY ("user_id","thread_id") REFERENCES "public"."chat_thread"("user_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_thread_user_activity_idx" ON "chat_thread" USING btree ("user_id","last_activity_at","id");--> statement-breakpoint
CREATE INDEX "chat_turn_thread_idx" ON "chat_turn" USING btree ("user_id","thread_id","seq");