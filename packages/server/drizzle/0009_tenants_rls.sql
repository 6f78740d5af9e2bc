-- Tenants get an expiry, an admin and a package (the menus they may use); the platform tenant runs
-- the others. Then row-level security, forced, on every tenant table; the app works as trestle_app.
ALTER TABLE "tenants" ADD COLUMN "is_platform" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "expires_on" date;
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "admin_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "remark" text;
--> statement-breakpoint
UPDATE "tenants" SET "is_platform" = true WHERE "id" = (SELECT min("id") FROM "tenants");
--> statement-breakpoint
CREATE UNIQUE INDEX "tenants_one_platform" ON "tenants" ("is_platform") WHERE "is_platform";
--> statement-breakpoint
CREATE TABLE "tenant_menus" (
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  "menu_id" integer NOT NULL REFERENCES "menus"("id") ON DELETE CASCADE,
  PRIMARY KEY ("tenant_id", "menu_id")
);
--> statement-breakpoint
-- The role may exist already: roles belong to the whole PostgreSQL server, not to one database. It
-- may log in (APP_DATABASE_URL) once an admin gives it a password; with none, only trust auth lets it.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'trestle_app') THEN
    CREATE ROLE trestle_app LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  ALTER ROLE trestle_app LOGIN NOSUPERUSER NOBYPASSRLS;
EXCEPTION WHEN OTHERS THEN NULL;
END $$;
--> statement-breakpoint
-- The owner switches to trestle_app (SET ROLE); a superuser may already, others need membership.
DO $$
BEGIN
  EXECUTE format('GRANT trestle_app TO %I', current_user);
EXCEPTION WHEN OTHERS THEN NULL;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO trestle_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO trestle_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO trestle_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO trestle_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO trestle_app;
--> statement-breakpoint
-- Every table with a tenant_id except the identity tables (users, roles, sessions), which sign-in and
-- the access check read before a tenant is known and which the code filters by tenant (ADR 0003).
-- A table added later calls enable_tenant_isolation in its own migration; tenancy.test.ts checks it.
-- The rule: row-level security on, forced on the owner too, and rows only of the request's tenant.
CREATE FUNCTION enable_tenant_isolation(t text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
  EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %I USING (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::integer) WITH CHECK (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::integer)',
    t);
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION enable_tenant_isolation(text) FROM PUBLIC;
--> statement-breakpoint
SELECT enable_tenant_isolation(c.table_name) FROM information_schema.columns c
JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
WHERE c.table_schema = 'public' AND c.column_name = 'tenant_id' AND tb.table_type = 'BASE TABLE'
  AND c.table_name NOT IN ('users', 'roles', 'sessions');
