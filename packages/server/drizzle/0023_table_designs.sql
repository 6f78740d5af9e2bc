-- The table designer: a design per designed entity (platform-wide, like menus: the rows of a designed table
-- are per tenant, its shape is not), and the migrations applied to it, each with the SQL that ran and the SQL
-- that undoes it. Only the owner's connection (the platform administrator's apply) touches these tables.
CREATE TABLE "table_designs" (
  "id" serial PRIMARY KEY,
  "name" varchar(40) NOT NULL UNIQUE,
  "table_name" varchar(40) NOT NULL UNIQUE,
  -- The design as edited (a draft until applied) and as it was last applied (null: never).
  "draft" jsonb NOT NULL,
  "applied" jsonb,
  "version" integer DEFAULT 1 NOT NULL,
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_migrations" (
  "id" serial PRIMARY KEY,
  "design_id" integer NOT NULL REFERENCES "table_designs"("id") ON DELETE CASCADE,
  "up_sql" text[] NOT NULL,
  "down_sql" text[] NOT NULL,
  "design_before" jsonb,
  "design_after" jsonb NOT NULL,
  "applied_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "applied_at" timestamp with time zone DEFAULT now() NOT NULL,
  "rolled_back_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "rolled_back_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "table_migrations_design" ON "table_migrations" ("design_id", "id");
--> statement-breakpoint
-- Where a designed table goes when the migration that created it is rolled back: kept, not dropped.
CREATE SCHEMA IF NOT EXISTS "designer_kept";
--> statement-breakpoint
-- Whether a text is a value of a type: the risk list counts the rows a type change could not take. The
-- type comes from the designer's own column types (checked here again), never from a request.
CREATE FUNCTION designer_can_cast(value text, target text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF target !~ '^[a-z ]+(\(\d+(, ?\d+)?\))?(\[\])?$' THEN
    RAISE EXCEPTION 'not a column type: %', target;
  END IF;
  EXECUTE format('SELECT %L::' || target, value);
  RETURN true;
EXCEPTION WHEN data_exception OR invalid_text_representation THEN
  RETURN false;
END $$;
--> statement-breakpoint
-- Only the owner's connection uses it: neither the app nor an admin's SQL may call it.
REVOKE EXECUTE ON FUNCTION designer_can_cast(text, text) FROM PUBLIC;
