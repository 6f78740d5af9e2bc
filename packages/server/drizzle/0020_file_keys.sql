-- Image and file fields hold the keys of files uploaded to the row's tenant, never an address: a value
-- '/api/file/<key>' becomes '<key>', and one that names no file of its tenant (an outside URL, a path,
-- another tenant's key) is cleared. The owner runs this; forced row-level security would hide every row
-- from it (unless it is a superuser), so the two tables are unforced for these statements only.
ALTER TABLE "employees" NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "files" NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
UPDATE "employees" SET "photo" = replace("photo", '/api/file/', '') WHERE "photo" LIKE '/api/file/%';
--> statement-breakpoint
UPDATE "employees" e SET "photo" = NULL
WHERE e."photo" IS NOT NULL AND e."photo" <> ''
	AND NOT EXISTS (
		SELECT 1 FROM "files" f
		WHERE f."tenant_id" = e."tenant_id" AND f."key"::text = e."photo" AND f."type" LIKE 'image/%'
	);
--> statement-breakpoint
ALTER TABLE "employees" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "files" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- A saved value is now a list of keys: a file is linked to the record whose saved value is exactly that.
CREATE OR REPLACE FUNCTION "files_link_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."after" ~ '^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}(,[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12})*$' THEN
		UPDATE "files" f SET "record_entity" = NEW."entity", "record_key" = NEW."entity_key"
		WHERE f."tenant_id" = NEW."tenant_id" AND f."record_key" IS NULL
			AND f."key"::text = ANY (string_to_array(NEW."after", ','));
	END IF;
	RETURN NULL;
END;
$$;
