-- The page designer (/pageDesign) and the mixed designer (/mixDesign). A page's draft is kept one row per node
-- (page_nodes), each with its own version, so a patch changes the nodes it names and two designers editing
-- different blocks both keep their work; a publish snapshots the nodes into page_versions. A mixed-design app is
-- its wizard's draft, resumed on the next visit. Every table is a tenant's, under row-level security.
CREATE TABLE "pages" (
  "id" serial PRIMARY KEY NOT NULL,
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  "name" varchar(64) NOT NULL,
  "title_en" varchar(100) NOT NULL,
  "title_zh" varchar(100) NOT NULL,
  "share_roles" integer[] DEFAULT '{}' NOT NULL,
  -- The settings' menu folder: a menu code, '' the top level, null never put in the menu.
  "menu_folder" varchar(64),
  -- The folder viewers find it under: the settings' as of the last publish (null while unpublished).
  "published_folder" varchar(64),
  "published_version" integer,
  "draft_changed" boolean DEFAULT true NOT NULL,
  "revision" integer DEFAULT 1 NOT NULL,
  "app_id" integer,
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pages_tenant_name" ON "pages" ("tenant_id", "name");
--> statement-breakpoint
CREATE TABLE "page_nodes" (
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  "page_id" integer NOT NULL REFERENCES "pages"("id") ON DELETE CASCADE,
  "uid" varchar(40) NOT NULL,
  "parent_uid" varchar(40),
  "slot" varchar(40) NOT NULL,
  "x" smallint NOT NULL,
  "y" smallint NOT NULL,
  "w" smallint NOT NULL,
  "h" smallint NOT NULL,
  "type" varchar(20) NOT NULL,
  "props" jsonb NOT NULL,
  "version" integer DEFAULT 1 NOT NULL,
  PRIMARY KEY ("page_id", "uid")
);
--> statement-breakpoint
CREATE TABLE "page_versions" (
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  "page_id" integer NOT NULL REFERENCES "pages"("id") ON DELETE CASCADE,
  "version" integer NOT NULL,
  "nodes" jsonb NOT NULL,
  "note" varchar(500) DEFAULT '' NOT NULL,
  "published_by" integer REFERENCES "users"("id"),
  "published_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("page_id", "version")
);
--> statement-breakpoint
CREATE TABLE "mix_apps" (
  "id" serial PRIMARY KEY NOT NULL,
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  "name" varchar(64) NOT NULL,
  "title_en" varchar(100) NOT NULL,
  "title_zh" varchar(100) NOT NULL,
  "draft" jsonb NOT NULL,
  "status" varchar(20) DEFAULT 'draft' NOT NULL,
  -- The page its publish made: a page deleted in the page designer leaves the app's draft.
  "page_id" integer REFERENCES "pages"("id") ON DELETE SET NULL,
  "version" integer DEFAULT 1 NOT NULL,
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mix_apps_tenant_name" ON "mix_apps" ("tenant_id", "name");
--> statement-breakpoint
-- The app that made a page; deleting the app's draft keeps the page.
ALTER TABLE "pages" ADD CONSTRAINT "pages_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "mix_apps"("id") ON DELETE SET NULL;
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['pages', 'page_nodes', 'page_versions', 'mix_apps']) t;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "pages", "page_nodes", "page_versions", "mix_apps" TO trestle_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE "pages_id_seq", "mix_apps_id_seq" TO trestle_app;
--> statement-breakpoint
-- The two designers sit with the other designers (an install seeded before gets them here; a fresh one from the
-- seed, which runs after the migrations). A super admin holds every button of them by grantExpr.
INSERT INTO "menus" ("code", "name", "name_zh", "url", "icon", "parent_id", "enable", "sort")
SELECT v.code, v.name, v.name_zh, v.url, v.icon, s."parent_id", 1,
  (SELECT coalesce(max(o."sort"), 0) FROM "menus" o WHERE o."parent_id" IS NOT DISTINCT FROM s."parent_id") + v.step
FROM "menus" s,
  (VALUES ('PageDesign', 'Page designer', '页面设计器', '/pageDesign', 'LayoutOutlined', 10),
          ('MixDesign', 'Mixed designer', '混合设计器', '/mixDesign', 'AppstoreAddOutlined', 20))
    AS v(code, name, name_zh, url, icon, step)
WHERE s."code" = 'tableDesign'
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
INSERT INTO "menu_buttons" ("menu_id", "button_id")
SELECT m."id", b."id" FROM "menus" m JOIN "buttons" b ON b."code" IN ('Search', 'Add', 'Update', 'Delete')
WHERE m."code" IN ('PageDesign', 'MixDesign')
ON CONFLICT DO NOTHING;
