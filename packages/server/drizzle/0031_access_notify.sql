-- What the session check reads (http/sessions.ts) is cached by every app node for a few seconds; these
-- triggers tell every node, through NOTIFY on channel trestle_access, the moment any of it changes, by
-- whatever path (a screen, the seed, SQL run by hand). The payload names what to drop: 's:<session id>' for a
-- session (sign-out, rotation), 'u:<user id>' for a user (disabled, password, organisation, lockout), '*' for
-- roles, grants, menus, buttons, data scopes and tenants, which drop every node's whole cache. A NOTIFY only
-- ever drops cached rows, so a forged one costs a node a query and grants nothing.
CREATE FUNCTION "trestle_access_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('trestle_access', '*');
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('trestle_access', 's:' || OLD.id::text);
  ELSE
    PERFORM pg_notify('trestle_access', 'u:' || OLD.id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_access_changed" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "trestle_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_access_changed" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "trestle_access_changed"();
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['tenants', 'roles', 'user_roles', 'role_grants', 'role_data_scopes', 'menus', 'buttons',
    'menu_buttons', 'tenant_menus']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION "trestle_access_changed"()', t || '_access_changed', t);
  END LOOP;
END $$;
