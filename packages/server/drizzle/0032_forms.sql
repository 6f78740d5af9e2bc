-- The form designer (/formDesign) and filling forms (/forms): a form's draft and who may do what with it, its
-- published versions (each answer names the version it was filled with, so old answers keep their questions),
-- and the answers. All three are tenant rows under the same row-level security as every tenant table.
CREATE TABLE "forms" (
  "id" serial PRIMARY KEY NOT NULL,
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  -- The entity whose add and edit dialog the form lays out; null: a standalone form that collects answers.
  "entity" varchar(64),
  "draft" jsonb NOT NULL,
  "published_version" integer,
  "design_roles" integer[] DEFAULT '{}' NOT NULL,
  "fill_roles" integer[] DEFAULT '{}' NOT NULL,
  "read_roles" integer[] DEFAULT '{}' NOT NULL,
  "public_token" varchar(64) UNIQUE,
  "public_enabled" boolean DEFAULT false NOT NULL,
  "public_expires_at" timestamp with time zone,
  "public_max_count" integer,
  "public_captcha" boolean DEFAULT false NOT NULL,
  "version" integer DEFAULT 1 NOT NULL,
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One bound form per entity per tenant: the engine's add and update follow it.
CREATE UNIQUE INDEX "forms_tenant_entity" ON "forms" ("tenant_id", "entity") WHERE "entity" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "form_versions" (
  "form_id" integer NOT NULL REFERENCES "forms"("id") ON DELETE CASCADE,
  "version" integer NOT NULL,
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  "design" jsonb NOT NULL,
  "published_at" timestamp with time zone DEFAULT now() NOT NULL,
  "published_by" integer REFERENCES "users"("id"),
  CONSTRAINT "form_versions_pk" PRIMARY KEY ("form_id", "version")
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
  "id" serial PRIMARY KEY NOT NULL,
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  "form_id" integer NOT NULL,
  "form_version" integer NOT NULL,
  "main_data" jsonb NOT NULL,
  "detail_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
  -- Null: an answer through the public link.
  "submitted_by" integer REFERENCES "users"("id"),
  "submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
  -- Every value's text, lower-cased: what the answers' search looks in.
  "search" text DEFAULT '' NOT NULL,
  -- No ON DELETE: a form with answers is not deleted (the designer's del answers 409).
  CONSTRAINT "form_submissions_version_fk" FOREIGN KEY ("form_id", "form_version") REFERENCES "form_versions"("form_id", "version")
);
--> statement-breakpoint
CREATE INDEX "form_submissions_form" ON "form_submissions" ("tenant_id", "form_id", "submitted_at");
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['forms', 'form_versions', 'form_submissions']) t;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "forms", "form_versions", "form_submissions" TO trestle_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE "forms_id_seq", "form_submissions_id_seq" TO trestle_app;
--> statement-breakpoint
-- A public link's one pre-tenant read: the form and tenant of one link, nothing else, and only while its
-- tenant may be used. It runs as the owner (SECURITY DEFINER, fixed search_path), as sign-in's lookup does
-- (0018); the owner gets a read-only policy of its own, as row-level security is forced on it too. The
-- visitor's answer is then read and written bound to that tenant.
CREATE POLICY owner_reads ON "forms" FOR SELECT TO CURRENT_USER USING (true);
--> statement-breakpoint
CREATE FUNCTION "trestle_form_link_lookup"(p_token text) RETURNS TABLE ("form_id" integer, "tenant_id" integer)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
  SELECT f.id, f.tenant_id FROM public.forms f JOIN public.tenants t ON t.id = f.tenant_id
  WHERE f.public_token = p_token AND t.enabled AND (t.expires_on IS NULL OR t.expires_on >= current_date)
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION "trestle_form_link_lookup"(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION "trestle_form_link_lookup"(text) TO trestle_app;
--> statement-breakpoint
-- The screens, next to the table designer (an install seeded before gets them here; a fresh one from the seed,
-- which runs after the migrations). Forms is a top-level entry: every member of staff may be granted it.
INSERT INTO "menus" ("code", "name", "name_zh", "url", "icon", "parent_id", "enable", "sort")
SELECT 'formDesign', 'Form designer', '表单设计器', '/formDesign', 'FormOutlined', s."parent_id", 1,
  (SELECT coalesce(max(o."sort"), 0) + 10 FROM "menus" o WHERE o."parent_id" IS NOT DISTINCT FROM s."parent_id")
FROM "menus" s WHERE s."code" = 'tableDesign'
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
INSERT INTO "menus" ("code", "name", "name_zh", "url", "icon", "parent_id", "enable", "sort")
SELECT 'forms', 'Forms', '表单填报', '/forms', 'FileDoneOutlined', NULL, 1,
  (SELECT coalesce(max(o."sort"), 0) + 10 FROM "menus" o WHERE o."parent_id" IS NULL)
WHERE EXISTS (SELECT 1 FROM "menus" WHERE "code" = 'tableDesign')
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
INSERT INTO "menu_buttons" ("menu_id", "button_id")
SELECT m."id", b."id" FROM "menus" m JOIN "buttons" b ON b."code" IN ('Search', 'Add', 'Update', 'Delete')
WHERE m."code" = 'formDesign'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "menu_buttons" ("menu_id", "button_id")
SELECT m."id", b."id" FROM "menus" m JOIN "buttons" b ON b."code" IN ('Search', 'Add')
WHERE m."code" = 'forms'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Each tenant's seeded project manager role fills forms, as the seed grants it on a fresh install (roles are
-- read bound to each tenant in turn: their row-level security is forced on the owner too).
DO $$
DECLARE t record;
BEGIN
  FOR t IN SELECT id FROM tenants LOOP
    PERFORM set_config('app.tenant_id', t.id::text, true);
    INSERT INTO role_menus (role_id, menu_id)
      SELECT r.id, m.id FROM roles r JOIN menus m ON m.code = 'forms' WHERE r.tenant_id = t.id AND r.code = 'pm'
      ON CONFLICT DO NOTHING;
    INSERT INTO role_grants (role_id, menu_id, button_id)
      SELECT r.id, m.id, b.id FROM roles r JOIN menus m ON m.code = 'forms' JOIN buttons b ON b.code IN ('Search', 'Add')
      WHERE r.tenant_id = t.id AND r.code = 'pm'
      ON CONFLICT DO NOTHING;
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END $$;
