-- Data permission (issue 4): per role and entity, the row scope; and project membership for the 'projects' scope.
CREATE TABLE "role_data_scopes" (
	"tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
	"role_id" integer NOT NULL REFERENCES "roles"("id") ON DELETE CASCADE,
	"entity" varchar(64) NOT NULL,
	"scope" varchar(20) NOT NULL,
	"organization_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"filter" jsonb,
	"updated_by" integer REFERENCES "users"("id"),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_data_scopes_pk" PRIMARY KEY ("role_id", "entity"),
	CONSTRAINT "role_data_scopes_scope" CHECK ("scope" IN ('all', 'own', 'organization', 'organizationTree', 'organizations', 'projects', 'custom'))
);
--> statement-breakpoint
CREATE INDEX "role_data_scopes_tenant" ON "role_data_scopes" ("tenant_id", "entity");
--> statement-breakpoint
CREATE TABLE "project_members" (
	"tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_members_pk" PRIMARY KEY ("tenant_id", "user_id", "project_id")
);
--> statement-breakpoint
CREATE INDEX "project_members_project" ON "project_members" ("tenant_id", "project_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organizations_data_scope_tree" ON "organizations" ("tenant_id", "parent_id");
--> statement-breakpoint
-- The caller's data scope as JSON, read by the session check on every request. A PL/pgSQL function
-- keeps its plan per connection, so the check pays this query's planning once, not per request.
-- With a menu and button, only the roles holding that grant count (a role that does not open a screen
-- adds no rows there). Shape: {o: organisation id, r: [{d: default scope, s: {Entity: [scope, ids, filter]}}]}.
CREATE FUNCTION "trestle_data_scope"(p_user integer, p_menu text, p_button text) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN json_build_object(
    'o', (SELECT u.organization_id FROM users u WHERE u.id = p_user),
    'r', coalesce((
      SELECT json_agg(json_build_object('d', r.data_scope, 's', (
        SELECT json_object_agg(s.entity, json_build_array(s.scope, s.organization_ids, s.filter))
        FROM role_data_scopes s WHERE s.role_id = r.id)))
      FROM user_roles ur JOIN roles r ON r.id = ur.role_id AND r.enabled
      WHERE ur.user_id = p_user
        AND (p_menu IS NULL OR r.is_super OR EXISTS (
          SELECT 1 FROM role_grants g
          JOIN menus m ON m.id = g.menu_id AND m.code = p_menu AND m.enable > 0
          JOIN buttons b ON b.id = g.button_id AND b.code = p_button
          WHERE g.role_id = r.id))), '[]'::json));
END
$$;
