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
