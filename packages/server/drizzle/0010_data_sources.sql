-- External databases for BI and low-code: the password is stored encrypted (AES-256-GCM) and never
-- sent back. Tenant-owned, so under forced row-level security like every tenant table.
CREATE TABLE "data_sources" (
  "id" serial PRIMARY KEY,
  "name" varchar(100) NOT NULL,
  "kind" varchar(20) NOT NULL,
  "host" varchar(255) NOT NULL,
  "port" integer NOT NULL,
  "database" varchar(100) NOT NULL,
  "user_name" varchar(100) NOT NULL,
  "password_enc" text NOT NULL,
  "ssl" boolean DEFAULT false NOT NULL,
  "timeout_seconds" integer DEFAULT 10 NOT NULL,
  "remark" text,
  "last_tested_at" timestamp with time zone,
  "last_test_ok" boolean,
  "last_read_only" boolean,
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "data_sources_name" ON "data_sources" ("tenant_id", "name");
--> statement-breakpoint
SELECT enable_tenant_isolation('data_sources');
