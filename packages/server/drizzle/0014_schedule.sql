-- The project area (issue 5): schedule. Milestones with their frozen baseline, acceptance tests with
-- their check items, and weekly reports with their issues (docs/domain.md §2.3, §2.10, §2.17).
-- is_overdue and slip_days depend on today, so they are stored and refreshed (see schedule.progress.ts).
CREATE TABLE "project_milestone" (
  "id" serial PRIMARY KEY NOT NULL,
  "project_id" integer NOT NULL REFERENCES "projects"("id"),
  "seq" integer DEFAULT 1 NOT NULL,
  "name" varchar(100) NOT NULL,
  -- What pickers and other lists show for a milestone: its project's code and its name (kept by the hooks).
  "label" varchar(140) DEFAULT '' NOT NULL,
  "type" varchar(20) NOT NULL CHECK ("type" IN ('GATE', 'DELIVERY', 'ACCEPTANCE', 'PAYMENT', 'CUSTOM')),
  "is_key" boolean DEFAULT false NOT NULL,
  "baseline_date" date NOT NULL,
  "planned_date" date NOT NULL,
  "actual_date" date,
  "weight" numeric(5, 2) CHECK ("weight" IS NULL OR ("weight" >= 0 AND "weight" <= 100)),
  "owner_id" integer NOT NULL REFERENCES "employees"("id"),
  "reminder_days" integer DEFAULT 7 NOT NULL,
  "deliverables" text,
  "status" varchar(20) DEFAULT 'NOT_STARTED' NOT NULL CHECK ("status" IN ('NOT_STARTED', 'IN_PROGRESS', 'REACHED', 'CANCELLED')),
  "is_overdue" boolean DEFAULT false NOT NULL,
  "slip_days" integer DEFAULT 0 NOT NULL,
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "version" integer DEFAULT 1 NOT NULL,
  "deleted_at" timestamp with time zone,
  CONSTRAINT "project_milestone_reached" CHECK ("status" <> 'REACHED' OR "actual_date" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX "project_milestone_project" ON "project_milestone" ("tenant_id", "project_id", "seq");
--> statement-breakpoint
CREATE INDEX "project_milestone_seq" ON "project_milestone" ("tenant_id", "seq");
--> statement-breakpoint
CREATE INDEX "project_milestone_name" ON "project_milestone" ("tenant_id", "name");
--> statement-breakpoint
CREATE INDEX "project_milestone_type" ON "project_milestone" ("tenant_id", "type");
--> statement-breakpoint
CREATE INDEX "project_milestone_owner" ON "project_milestone" ("tenant_id", "owner_id");
--> statement-breakpoint
CREATE INDEX "project_milestone_planned" ON "project_milestone" ("tenant_id", "planned_date");
--> statement-breakpoint
CREATE INDEX "project_milestone_status" ON "project_milestone" ("tenant_id", "status");
--> statement-breakpoint
CREATE INDEX "project_milestone_overdue" ON "project_milestone" ("tenant_id", "is_overdue");
--> statement-breakpoint
CREATE INDEX "project_milestone_slip" ON "project_milestone" ("tenant_id", "slip_days");
--> statement-breakpoint
CREATE TABLE "acceptance_test" (
  "id" serial PRIMARY KEY NOT NULL,
  "code" varchar(32) NOT NULL,
  "project_id" integer NOT NULL REFERENCES "projects"("id"),
  "milestone_id" integer REFERENCES "project_milestone"("id"),
  "test_type" varchar(20) NOT NULL CHECK ("test_type" IN ('ARRIVAL_INSPECTION', 'SYSTEM_TEST', 'PRELIMINARY', 'TRIAL_RUN', 'FINAL')),
  "planned_date" date NOT NULL,
  "actual_start" date,
  "actual_end" date,
  "location" varchar(200),
  "customer_signer" varchar(50),
  "result" varchar(20) CHECK ("result" IS NULL OR "result" IN ('PASS', 'CONDITIONAL_PASS', 'FAIL')),
  "conclusion" text,
  "conditions" text,
  "pass_rate" numeric(5, 2),
  "status" varchar(20) DEFAULT 'PLANNED' NOT NULL CHECK ("status" IN ('PLANNED', 'IN_PROGRESS', 'PASSED', 'CONDITIONAL', 'FAILED', 'CANCELLED')),
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "version" integer DEFAULT 1 NOT NULL,
  "deleted_at" timestamp with time zone,
  CONSTRAINT "acceptance_test_dates" CHECK ("actual_end" IS NULL OR "actual_start" IS NULL OR "actual_end" >= "actual_start")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "acceptance_test_code" ON "acceptance_test" ("tenant_id", "code") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "acceptance_test_project" ON "acceptance_test" ("tenant_id", "project_id", "test_type");
--> statement-breakpoint
CREATE INDEX "acceptance_test_milestone" ON "acceptance_test" ("tenant_id", "milestone_id");
--> statement-breakpoint
CREATE INDEX "acceptance_test_type" ON "acceptance_test" ("tenant_id", "test_type");
--> statement-breakpoint
CREATE INDEX "acceptance_test_planned" ON "acceptance_test" ("tenant_id", "planned_date");
--> statement-breakpoint
CREATE INDEX "acceptance_test_status" ON "acceptance_test" ("tenant_id", "status");
--> statement-breakpoint
CREATE TABLE "acceptance_check_item" (
  "id" serial PRIMARY KEY NOT NULL,
  "test_id" integer NOT NULL REFERENCES "acceptance_test"("id") ON DELETE CASCADE,
  "seq" integer DEFAULT 1 NOT NULL,
  "name" varchar(200) NOT NULL,
  "criteria" varchar(500),
  "is_required" boolean DEFAULT true NOT NULL,
  "result" varchar(10) CHECK ("result" IS NULL OR "result" IN ('PASS', 'FAIL', 'NA')),
  "remark" varchar(500),
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "acceptance_check_item_test" ON "acceptance_check_item" ("tenant_id", "test_id", "seq");
--> statement-breakpoint
CREATE TABLE "weekly_report" (
  "id" serial PRIMARY KEY NOT NULL,
  "project_id" integer NOT NULL REFERENCES "projects"("id"),
  "week_start" date NOT NULL CHECK (extract(isodow FROM "week_start") = 1),
  "week_label" varchar(10) NOT NULL DEFAULT '',
  "author_id" integer REFERENCES "employees"("id"),
  "status_flag" varchar(20) DEFAULT 'ON_TRACK' NOT NULL CHECK ("status_flag" IN ('ON_TRACK', 'AT_RISK', 'OFF_TRACK', 'ON_HOLD', 'DONE')),
  "progress_pct" numeric(5, 2) DEFAULT 0 NOT NULL CHECK ("progress_pct" >= 0 AND "progress_pct" <= 100),
  "work_done" text,
  "work_planned" text,
  "help_needed" text,
  "status" varchar(20) DEFAULT 'DRAFT' NOT NULL CHECK ("status" IN ('DRAFT', 'SUBMITTED', 'REVIEWED', 'RETURNED')),
  "submitted_at" timestamp with time zone,
  "reviewer_id" integer REFERENCES "employees"("id"),
  "reviewed_at" timestamp with time zone,
  "review_comment" varchar(500),
  "late" boolean DEFAULT false NOT NULL,
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "version" integer DEFAULT 1 NOT NULL,
  "deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "weekly_report_project_week" ON "weekly_report" ("tenant_id", "project_id", "week_start") WHERE deleted_at IS NULL;
--> statement-breakpoint
CREATE INDEX "weekly_report_week" ON "weekly_report" ("tenant_id", "week_start");
--> statement-breakpoint
CREATE INDEX "weekly_report_flag" ON "weekly_report" ("tenant_id", "status_flag");
--> statement-breakpoint
CREATE INDEX "weekly_report_status" ON "weekly_report" ("tenant_id", "status");
--> statement-breakpoint
CREATE INDEX "weekly_report_late" ON "weekly_report" ("tenant_id", "late");
--> statement-breakpoint
CREATE TABLE "weekly_report_issue" (
  "id" serial PRIMARY KEY NOT NULL,
  "report_id" integer NOT NULL REFERENCES "weekly_report"("id") ON DELETE CASCADE,
  "description" varchar(500) NOT NULL,
  "impact" varchar(10) DEFAULT 'MEDIUM' CHECK ("impact" IS NULL OR "impact" IN ('LOW', 'MEDIUM', 'HIGH')),
  "owner_id" integer REFERENCES "employees"("id"),
  "due_date" date,
  "status" varchar(10) DEFAULT 'OPEN' NOT NULL CHECK ("status" IN ('OPEN', 'CLOSED')),
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "weekly_report_issue_report" ON "weekly_report_issue" ("tenant_id", "report_id");
--> statement-breakpoint
CREATE INDEX "weekly_report_issue_owner" ON "weekly_report_issue" ("tenant_id", "owner_id", "status");
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['project_milestone', 'acceptance_test', 'acceptance_check_item', 'weekly_report', 'weekly_report_issue']) t;
