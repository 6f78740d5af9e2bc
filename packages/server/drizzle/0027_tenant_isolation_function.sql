-- Migrations name the tenant rule once, in enable_tenant_isolation (0009 on an install made from now on).
-- An install that ran 0009 before it held the function gets it here, so every install has the same
-- schema and a later migration may call it.
CREATE OR REPLACE FUNCTION enable_tenant_isolation(t text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
  EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %I USING (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::integer) WITH CHECK (tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::integer)',
    t);
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION enable_tenant_isolation(text) FROM PUBLIC;
