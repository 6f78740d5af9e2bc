-- The project area (issue 5), part 1: approval history, customers, suppliers, projects (delivery and
-- O&M in one table; docs/domain.md says why) and project teams. Money is numeric(18,2).
CREATE TABLE "approval_log" (
  "id" serial PRIMARY KEY NOT NULL,
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
  "entity" varchar(50) NOT NULL,
  "entity_key" integer NOT NULL,
  "action" varchar(10) NOT NULL CHECK ("action" IN ('submit', 'approve', 'reject')),
  "reason" varchar(500) NOT NULL DEFAULT '',
  "user_id" integer REFERENCES "users"("id"),
  "at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "approval_log_record" ON "approval_log" ("tenant_id", "entity", "entity_key", "at");
--> statement-breakpoint
CREATE TABLE "customers" (
  "id" serial PRIMARY KEY NOT NULL,
  "code" varchar(32) NOT NULL,
  "name" varchar(200) NOT NULL,
  "short_name" varchar(50),
  "industry" varchar(20),
  "tax_no" varchar(30),
  "bank_name" varchar(100),
  "bank_account" varchar(40),
  "address" varchar(300),
  "contact_name" varchar(50),
  "contact_phone" varchar(20),
  "email" varchar(100),
  "enabled" boolean DEFAULT true NOT NULL,
  "remark" text,
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "version" integer DEFAULT 1 NOT NULL,
  "deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "customers_code" ON "customers" ("tenant_id", "code") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "customers_name" ON "customers" ("tenant_id", "name");
--> statement-breakpoint
CREATE TABLE "suppliers" (
  "id" serial PRIMARY KEY NOT NULL,
  "code" varchar(32) NOT NULL,
  "name" varchar(200) NOT NULL,
  "short_name" varchar(50),
  "category" varchar(20),
  "tax_no" varchar(30),
  "bank_name" varchar(100),
  "bank_account" varchar(40),
  "address" varchar(300),
  "contact_name" varchar(50),
  "contact_phone" varchar(20),
  "email" varchar(100),
  "enabled" boolean DEFAULT true NOT NULL,
  "remark" text,
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "version" integer DEFAULT 1 NOT NULL,
  "deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_code" ON "suppliers" ("tenant_id", "code") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "suppliers_name" ON "suppliers" ("tenant_id", "name");
--> statement-breakpoint
CREATE TABLE "projects" (
  "id" serial PRIMARY KEY NOT NULL,
  "code" varchar(32) NOT NULL,
  "name" varchar(200) NOT NULL,
  "short_name" varchar(50),
  "type" varchar(20) NOT NULL CHECK ("type" IN ('DELIVERY', 'OM')),
  "customer_id" integer NOT NULL REFERENCES "customers"("id"),
  "organization_id" integer NOT NULL REFERENCES "organizations"("id"),
  "manager_id" integer NOT NULL REFERENCES "employees"("id"),
  "sales_owner_id" integer REFERENCES "employees"("id"),
  "our_entity" varchar(100),
  "site_address" varchar(300),
  "planned_start" date NOT NULL,
  "planned_end" date NOT NULL,
  "actual_start" date,
  "actual_end" date,
  "stage" varchar(30) DEFAULT 'INITIATION' NOT NULL,
  "status" varchar(20) DEFAULT 'DRAFT' NOT NULL,
  "health" varchar(10) DEFAULT 'GREEN' NOT NULL,
  "progress_method" varchar(20) DEFAULT 'MANUAL' NOT NULL,
  "progress_pct" numeric(5, 2) DEFAULT 0 NOT NULL,
  "priority" varchar(10) DEFAULT 'NORMAL' NOT NULL,
  "warranty_months" integer,
  "warranty_start" date,
  "warranty_end" date,
  "contract_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
  "budget_amount" numeric(18, 2) DEFAULT 0 NOT NULL,
  "target_margin_pct" numeric(5, 2) DEFAULT 15 NOT NULL,
  "description" text,
  "source_project_id" integer REFERENCES "projects"("id"),
  "renewal_of_id" integer REFERENCES "projects"("id"),
  "service_start" date,
  "service_end" date,
  "service_scope" text,
  "sla_response_hours" numeric(6, 1),
  "sla_resolve_hours" numeric(6, 1),
  "inspection_frequency" varchar(20),
  "planned_inspections" integer,
  "onsite_staff_count" integer,
  "annual_fee" numeric(18, 2),
  "billing_cycle" varchar(20),
  "auto_renew" boolean DEFAULT false NOT NULL,
  "audit_status" smallint DEFAULT 0 NOT NULL,
  "audit_reason" varchar(500),
  "audited_by" integer REFERENCES "users"("id"),
  "audited_at" timestamp with time zone,
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "version" integer DEFAULT 1 NOT NULL,
  "deleted_at" timestamp with time zone,
  CONSTRAINT "projects_dates" CHECK ("planned_end" >= "planned_start"),
  CONSTRAINT "projects_service_dates" CHECK ("service_end" IS NULL OR "service_start" IS NULL OR "service_end" > "service_start")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "projects_code" ON "projects" ("tenant_id", "code") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "projects_type_status" ON "projects" ("tenant_id", "type", "status");
--> statement-breakpoint
CREATE INDEX "projects_customer" ON "projects" ("tenant_id", "customer_id");
--> statement-breakpoint
CREATE INDEX "projects_manager" ON "projects" ("tenant_id", "manager_id");
--> statement-breakpoint
CREATE INDEX "projects_organization" ON "projects" ("tenant_id", "organization_id");
--> statement-breakpoint
CREATE INDEX "projects_planned_end" ON "projects" ("tenant_id", "planned_end");
--> statement-breakpoint
CREATE TABLE "project_team" (
  "id" serial PRIMARY KEY NOT NULL,
  "project_id" integer NOT NULL REFERENCES "projects"("id") ON DELETE CASCADE,
  "employee_id" integer NOT NULL REFERENCES "employees"("id"),
  "role" varchar(20) NOT NULL,
  "join_date" date,
  "leave_date" date,
  "allocation_pct" numeric(5, 2),
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "project_team_member" ON "project_team" ("tenant_id", "project_id", "employee_id");
--> statement-breakpoint
CREATE INDEX "project_team_employee" ON "project_team" ("tenant_id", "employee_id");
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['approval_log', 'customers', 'suppliers', 'projects', 'project_team']) t;
