CREATE TABLE "user_usage" (
	"user_id" text PRIMARY KEY NOT NULL,
	"resources" integer DEFAULT 0 NOT NULL,
	"threads" integer DEFAULT 0 NOT NULL,
	"stored_bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_turn" ADD COLUMN "size_bytes" integer GENERATED ALWAYS AS (octet_length(user_message) + octet_length(answer) + octet_length(agent_actions::text) + octet_length(dsl_objects::text)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "resource" ADD COLUMN "size_bytes" integer GENERATED ALWAYS AS (octet_length(dsl_objects::text)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "user_usage" ADD CONSTRAINT "user_usage_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The usage counters (docs/api.md, "Quotas") kept in the same transaction as every write, cascades
-- included. An insert creates the user's row when it is missing; an update or delete only adjusts an
-- existing one (during an account deletion it may already be gone).
CREATE FUNCTION "user_usage_resource"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "user_usage" ("user_id", "resources", "stored_bytes") VALUES (NEW."user_id", 1, NEW."size_bytes")
      ON CONFLICT ("user_id") DO UPDATE SET "resources" = "user_usage"."resources" + 1,
        "stored_bytes" = "user_usage"."stored_bytes" + EXCLUDED."stored_bytes";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "user_usage" SET "resources" = "resources" - 1, "stored_bytes" = "stored_bytes" - OLD."size_bytes"
      WHERE "user_id" = OLD."user_id";
  ELSIF NEW."size_bytes" IS DISTINCT FROM OLD."size_bytes" THEN
    UPDATE "user_usage" SET "stored_bytes" = "stored_bytes" + NEW."size_bytes" - OLD."size_bytes"
      WHERE "user_id" = NEW."user_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "user_usage_chat_thread"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "user_usage" ("user_id", "threads") VALUES (NEW."user_id", 1)
      ON CONFLICT ("user_id") DO UPDATE SET "threads" = "user_usage"."threads" + 1;
  ELSE
    UPDATE "user_usage" SET "threads" = "threads" - 1 WHERE "user_id" = OLD."user_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "user_usage_chat_turn"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "user_usage" ("user_id", "stored_bytes") VALUES (NEW."user_id", NEW."size_bytes")
      ON CONFLICT ("user_id") DO UPDATE SET "stored_bytes" = "user_usage"."stored_bytes" + EXCLUDED."stored_bytes";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "user_usage" SET "stored_bytes" = "stored_bytes" - OLD."size_bytes" WHERE "user_id" = OLD."user_id";
  ELSIF NEW."size_bytes" IS DISTINCT FROM OLD."size_bytes" THEN
    UPDATE "user_usage" SET "stored_bytes" = "stored_bytes" + NEW."size_bytes" - OLD."size_bytes"
      WHERE "user_id" = NEW."user_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "user_usage_resource" AFTER INSERT OR UPDATE OR DELETE ON "resource" FOR EACH ROW EXECUTE FUNCTION "user_usage_resource"();
--> statement-breakpoint
CREATE TRIGGER "user_usage_chat_thread" AFTER INSERT OR DELETE ON "chat_thread" FOR EACH ROW EXECUTE FUNCTION "user_usage_chat_thread"();
--> statement-breakpoint
CREATE TRIGGER "user_usage_chat_turn" AFTER INSERT OR UPDATE OR DELETE ON "chat_turn" FOR EACH ROW EXECUTE FUNCTION "user_usage_chat_turn"();
--> statement-breakpoint
-- What users already keep. The triggers exist and the three tables are locked until this migration
-- commits, so nothing written meanwhile is missed or counted twice.
INSERT INTO "user_usage" ("user_id", "resources", "threads", "stored_bytes")
SELECT u."id",
  (SELECT count(*) FROM "resource" r WHERE r."user_id" = u."id"),
  (SELECT count(*) FROM "chat_thread" t WHERE t."user_id" = u."id"),
  coalesce((SELECT sum(r."size_bytes") FROM "resource" r WHERE r."user_id" = u."id"), 0)
    + coalesce((SELECT sum(c."size_bytes") FROM "chat_turn" c WHERE c."user_id" = u."id"), 0)
FROM "user" u
ON CONFLICT ("user_id") DO UPDATE SET "resources" = EXCLUDED."resources", "threads" = EXCLUDED."threads",
  "stored_bytes" = EXCLUDED."stored_bytes";
