-- SQL that an admin writes (SQL dictionaries, later BI datasets) runs as a per-tenant login role, a
-- member of trestle_sql, that policies recognise by current_user: a role name, unlike a setting, is not
-- something the statement itself can change (docs/adr/0004-user-sql-runs-as-a-tenant-role.md).
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'trestle_sql') THEN
    CREATE ROLE trestle_sql NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
-- Roles belong to the whole server, not to one database: the key makes this install's role names its own.
CREATE TABLE "installation" ("key" varchar(16) NOT NULL);
--> statement-breakpoint
INSERT INTO "installation" ("key") VALUES (substr(md5(random()::text || clock_timestamp()::text), 1, 10));
--> statement-breakpoint
-- Which tenant each SQL login role reads for; written by the owner only, each role sees its own row.
CREATE TABLE "sql_tenant_roles" (
  "role_name" varchar(63) PRIMARY KEY,
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE
);
--> statement-breakpoint
ALTER TABLE "sql_tenant_roles" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "sql_tenant_roles" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY own_binding ON "sql_tenant_roles" FOR SELECT TO trestle_sql USING (role_name = current_user);
--> statement-breakpoint
CREATE POLICY owner_binds ON "sql_tenant_roles" TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
REVOKE ALL ON "installation", "sql_tenant_roles" FROM trestle_app;
--> statement-breakpoint
GRANT SELECT ON "sql_tenant_roles" TO trestle_sql;
--> statement-breakpoint
-- Business tables are readable by SQL roles for their own tenant only. The permissive policy lets the
-- role see its tenant without any setting; the restrictive one keeps tenant_isolation (keyed on a
-- setting the statement could set_config) from widening that. Identity, session, secret, settings,
-- permission and log tables get no grant at all. A table added later is not readable until a migration
-- grants it the same way (tenancy.test.ts lists what SQL may read).
DO $$
DECLARE t text;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relrowsecurity
      AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped)
      AND c.relname NOT IN ('users', 'roles', 'sessions', 'role_types', 'user_organizations', 'role_data_scopes',
        'settings', 'captchas', 'data_sources', 'files', 'request_log', 'sign_in_log', 'data_change_log',
        'tenant_menus', 'sql_tenant_roles')
  LOOP
    EXECUTE format('GRANT SELECT ON %I TO trestle_sql', t);
    EXECUTE format(
      'CREATE POLICY sql_tenant ON %I FOR SELECT TO trestle_sql USING (tenant_id = (SELECT b.tenant_id FROM sql_tenant_roles b WHERE b.role_name = current_user))',
      t);
    EXECUTE format(
      'CREATE POLICY sql_tenant_only ON %I AS RESTRICTIVE FOR SELECT TO trestle_sql USING (tenant_id = (SELECT b.tenant_id FROM sql_tenant_roles b WHERE b.role_name = current_user))',
      t);
  END LOOP;
END $$;
--> statement-breakpoint
-- Dictionaries of people are common; SQL gets names, not the identity table. A security barrier keeps
-- the caller's own conditions from running on other tenants' rows before the view's own filter.
CREATE VIEW "user_directory" WITH (security_barrier) AS
  SELECT u.id, u.user_name, u.user_true_name, u.organization_id, u.enabled
  FROM users u
  WHERE u.tenant_id = (SELECT b.tenant_id FROM sql_tenant_roles b WHERE b.role_name = current_user);
--> statement-breakpoint
REVOKE ALL ON "user_directory" FROM trestle_app;
--> statement-breakpoint
GRANT SELECT ON "user_directory" TO trestle_sql;
--> statement-breakpoint
-- The embedded database has one session, logged in as its superuser: a role switched to with SET ROLE
-- could switch back through set_config('role', …). There, set_config is for the app's role only (the
-- superuser needs no grant). A server's SQL roles log in as themselves, so they need no such rule.
DO $$
BEGIN
  IF version() LIKE '%PGlite%' THEN
    REVOKE EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) TO trestle_app;
  END IF;
END $$;
