-- Logs and files (issue 4). The request and sign-in logs are lean append-only tables; the grid engine reads
-- all three logs through views that add the engine's bookkeeping columns (the base tables do not carry them).
-- user_id has no foreign key: a log row outlives the user it names.
CREATE TABLE "request_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
	"user_id" integer,
	"method" varchar(10) NOT NULL,
	"path" varchar(500) NOT NULL,
	"status" smallint NOT NULL,
	"duration_ms" integer NOT NULL,
	"address" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(300) DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "request_log_tenant_at" ON "request_log" ("tenant_id", "at");
--> statement-breakpoint
CREATE INDEX "request_log_tenant_user" ON "request_log" ("tenant_id", "user_id", "at");
--> statement-breakpoint
CREATE INDEX "request_log_tenant_status" ON "request_log" ("tenant_id", "status", "at");
--> statement-breakpoint
CREATE INDEX "request_log_tenant_method" ON "request_log" ("tenant_id", "method", "at");
--> statement-breakpoint
CREATE INDEX "request_log_at" ON "request_log" ("at");
--> statement-breakpoint
CREATE TABLE "sign_in_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
	"user_name" varchar(100) NOT NULL,
	"outcome" varchar(10) NOT NULL,
	"address" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(300) DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_log_tenant_at" ON "sign_in_log" ("tenant_id", "at");
--> statement-breakpoint
CREATE INDEX "sign_in_log_tenant_outcome" ON "sign_in_log" ("tenant_id", "outcome", "at");
--> statement-breakpoint
CREATE INDEX "sign_in_log_tenant_user" ON "sign_in_log" ("tenant_id", "user_name", "at");
--> statement-breakpoint
CREATE INDEX "sign_in_log_at" ON "sign_in_log" ("at");
--> statement-breakpoint
CREATE INDEX "data_change_log_tenant_at" ON "data_change_log" ("tenant_id", "at");
--> statement-breakpoint
CREATE INDEX "data_change_log_tenant_user" ON "data_change_log" ("tenant_id", "user_id", "at");
--> statement-breakpoint
CREATE INDEX "data_change_log_at" ON "data_change_log" ("at");
--> statement-breakpoint
CREATE VIEW "request_log_view" WITH (security_invoker = true) AS
SELECT l."id", l."tenant_id", l."user_id", u."user_name", l."method", l."path", l."status", l."duration_ms",
	l."address", l."user_agent", l."at",
	l."user_id" AS "created_by", l."at" AS "created_at", l."user_id" AS "updated_by", l."at" AS "updated_at", 1 AS "version"
FROM "request_log" l LEFT JOIN "users" u ON u."id" = l."user_id";
--> statement-breakpoint
CREATE VIEW "sign_in_log_view" WITH (security_invoker = true) AS
SELECT l."id", l."tenant_id", l."user_name", l."outcome", l."address", l."user_agent", l."at",
	NULL::integer AS "created_by", l."at" AS "created_at", NULL::integer AS "updated_by", l."at" AS "updated_at",
	1 AS "version"
FROM "sign_in_log" l;
--> statement-breakpoint
CREATE VIEW "data_change_log_view" WITH (security_invoker = true) AS
SELECT l."id", l."tenant_id", l."entity", l."entity_key", l."action", l."field", l."before", l."after", l."user_id",
	u."user_name", l."at",
	l."user_id" AS "created_by", l."at" AS "created_at", l."user_id" AS "updated_by", l."at" AS "updated_at", 1 AS "version"
FROM "data_change_log" l LEFT JOIN "users" u ON u."id" = l."user_id";
--> statement-breakpoint
-- The record a file belongs to: the entity and key of the row whose saved value first carried the file's url.
ALTER TABLE "files" ADD COLUMN "record_entity" varchar(64);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "record_key" integer;
--> statement-breakpoint
CREATE INDEX "files_tenant_uploaded" ON "files" ("tenant_id", "uploaded_at");
--> statement-breakpoint
CREATE INDEX "files_tenant_record" ON "files" ("tenant_id", "record_entity", "record_key");
--> statement-breakpoint
-- Uploads happen before the record is saved, so the link is made when the engine's change log shows a saved
-- value carrying '/api/file/<key>': in the write's own transaction, for every entity, with no per-entity code.
CREATE FUNCTION "files_link_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."after" IS NOT NULL AND strpos(NEW."after", '/api/file/') > 0 THEN
		UPDATE "files" f SET "record_entity" = NEW."entity", "record_key" = NEW."entity_key"
		WHERE f."tenant_id" = NEW."tenant_id" AND f."record_key" IS NULL
			AND f."key"::text IN (
				SELECT m[1] FROM regexp_matches(NEW."after", '/api/file/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})', 'g') AS m
			);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "data_change_log_link_files" AFTER INSERT ON "data_change_log"
	FOR EACH ROW EXECUTE FUNCTION "files_link_record"();
