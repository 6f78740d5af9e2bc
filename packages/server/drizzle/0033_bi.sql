-- The BI designer (/BIDesign): datasets (where rows come from), charts (how a dataset is grouped, measured and
-- drawn) and dashboards (charts laid out and filtered together, shared with roles). Each is a tenant row under
-- the same row-level security as every tenant table; definitions are jsonb checked by the shared schemas.
CREATE TABLE "bi_datasets" (
  "id" serial PRIMARY KEY NOT NULL,
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  "name" varchar(100) NOT NULL,
  "description" varchar(500) DEFAULT '' NOT NULL,
  "definition" jsonb NOT NULL,
  "version" integer DEFAULT 1 NOT NULL,
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bi_charts" (
  "id" serial PRIMARY KEY NOT NULL,
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  -- No ON DELETE: a dataset a chart reads is not deleted (409).
  "dataset_id" integer NOT NULL REFERENCES "bi_datasets"("id"),
  "name" varchar(100) NOT NULL,
  "description" varchar(500) DEFAULT '' NOT NULL,
  "definition" jsonb NOT NULL,
  "version" integer DEFAULT 1 NOT NULL,
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bi_charts_dataset" ON "bi_charts" ("tenant_id", "dataset_id");
--> statement-breakpoint
CREATE TABLE "bi_dashboards" (
  "id" serial PRIMARY KEY NOT NULL,
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  "name" varchar(100) NOT NULL,
  "description" varchar(500) DEFAULT '' NOT NULL,
  "definition" jsonb NOT NULL,
  -- The chart ids its items show (kept from the definition on save): a chart on a dashboard is not deleted.
  "chart_ids" integer[] DEFAULT '{}' NOT NULL,
  "share_roles" integer[] DEFAULT '{}' NOT NULL,
  "menu_code" varchar(50),
  "version" integer DEFAULT 1 NOT NULL,
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['bi_datasets', 'bi_charts', 'bi_dashboards']) t;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "bi_datasets", "bi_charts", "bi_dashboards" TO trestle_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE "bi_datasets_id_seq", "bi_charts_id_seq", "bi_dashboards_id_seq" TO trestle_app;
--> statement-breakpoint
-- The BI designer's separate grant for SQL datasets: a button of the catalogue (an install seeded before gets it
-- here; a fresh one from the seed, which runs after the migrations).
INSERT INTO "buttons" ("code", "name", "name_zh", "function_name", "icon", "sort", "built_in")
SELECT 'Sql', 'SQL', 'SQL', 'sql', 'ConsoleSqlOutlined', (SELECT coalesce(max("sort"), 0) + 1 FROM "buttons"), true
WHERE EXISTS (SELECT 1 FROM "menus" WHERE "code" = 'tableDesign')
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
-- The screens: the designer next to the form designer, Dashboards at the top level for the roles a dashboard is
-- shared with.
INSERT INTO "menus" ("code", "name", "name_zh", "url", "icon", "parent_id", "enable", "sort")
SELECT 'BIDesign', 'BI designer', 'BI设计器', '/BIDesign', 'BarChartOutlined', s."parent_id", 1,
  (SELECT coalesce(max(o."sort"), 0) + 10 FROM "menus" o WHERE o."parent_id" IS NOT DISTINCT FROM s."parent_id")
FROM "menus" s WHERE s."code" = 'tableDesign'
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
INSERT INTO "menus" ("code", "name", "name_zh", "url", "icon", "parent_id", "enable", "sort")
SELECT 'dashboards', 'Dashboards', '仪表板', '/dashboards', 'DashboardOutlined', NULL, 1,
  (SELECT coalesce(max(o."sort"), 0) + 10 FROM "menus" o WHERE o."parent_id" IS NULL)
WHERE EXISTS (SELECT 1 FROM "menus" WHERE "code" = 'tableDesign')
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
INSERT INTO "menu_buttons" ("menu_id", "button_id")
SELECT m."id", b."id" FROM "menus" m JOIN "buttons" b ON b."code" IN ('Search', 'Add', 'Update', 'Delete', 'Sql')
WHERE m."code" = 'BIDesign'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "menu_buttons" ("menu_id", "button_id")
SELECT m."id", b."id" FROM "menus" m JOIN "buttons" b ON b."code" = 'Search'
WHERE m."code" = 'dashboards'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Each tenant's seeded project manager role opens the dashboards shared with it, as the seed grants it on a fresh
-- install (roles are read bound to each tenant in turn: their row-level security is forced on the owner too).
DO $$
DECLARE t record;
BEGIN
  FOR t IN SELECT id FROM tenants LOOP
    PERFORM set_config('app.tenant_id', t.id::text, true);
    INSERT INTO role_menus (role_id, menu_id)
      SELECT r.id, m.id FROM roles r JOIN menus m ON m.code = 'dashboards' WHERE r.tenant_id = t.id AND r.code = 'pm'
      ON CONFLICT DO NOTHING;
    INSERT INTO role_grants (role_id, menu_id, button_id)
      SELECT r.id, m.id, b.id FROM roles r JOIN menus m ON m.code = 'dashboards' JOIN buttons b ON b.code = 'Search'
      WHERE r.tenant_id = t.id AND r.code = 'pm'
      ON CONFLICT DO NOTHING;
  END LOOP;
  PERFORM set_config('app.tenant_id', '', true);
END $$;
