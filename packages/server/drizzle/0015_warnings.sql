-- The project area (issue 5), warnings: the rules (thresholds per tenant) and the warnings they raise.
-- The rules themselves are code (features/warnings/rules-*.ts); a row holds a rule's switch and params.
CREATE TABLE "warning_rule" (
  "id" serial PRIMARY KEY NOT NULL,
  "code" varchar(8) NOT NULL,
  "name" varchar(100) NOT NULL,
  "name_zh" varchar(100) NOT NULL,
  "category" varchar(20) NOT NULL CHECK ("category" IN ('SCHEDULE', 'COST', 'RECEIVABLE', 'PROCUREMENT', 'REPORTING', 'CONTRACT', 'OM', 'QUALITY')),
  "severity_logic" varchar(300) NOT NULL DEFAULT '',
  "description" text,
  "params" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "enabled" boolean DEFAULT true NOT NULL,
  "check_frequency" varchar(10) DEFAULT 'DAILY' NOT NULL CHECK ("check_frequency" IN ('DAILY', 'ON_CHANGE')),
  "last_run_at" timestamp with time zone,
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "warning_rule_code" ON "warning_rule" ("tenant_id", "code");
--> statement-breakpoint
CREATE TABLE "project_warning" (
  "id" serial PRIMARY KEY NOT NULL,
  "rule_id" integer NOT NULL REFERENCES "warning_rule"("id"),
  "rule_code" varchar(8) NOT NULL,
  "project_id" integer NOT NULL REFERENCES "projects"("id"),
  "target_type" varchar(30) NOT NULL,
  "target_id" integer NOT NULL,
  "severity" varchar(10) NOT NULL CHECK ("severity" IN ('INFO', 'WARNING', 'CRITICAL')),
  "severity_rank" smallint NOT NULL CHECK ("severity_rank" BETWEEN 1 AND 3),
  "title" varchar(300) NOT NULL,
  "message" text NOT NULL,
  "trigger_value" varchar(100),
  "threshold_value" varchar(100),
  "first_detected_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_detected_at" timestamp with time zone DEFAULT now() NOT NULL,
  "status" varchar(20) DEFAULT 'OPEN' NOT NULL CHECK ("status" IN ('OPEN', 'ACKNOWLEDGED', 'RESOLVED', 'IGNORED')),
  "assignee_id" integer REFERENCES "users"("id"),
  "snoozed_until" date,
  "acknowledged_by" integer REFERENCES "users"("id"),
  "acknowledged_at" timestamp with time zone,
  "resolved_at" timestamp with time zone,
  "note" varchar(500),
  "tenant_id" integer NOT NULL REFERENCES "tenants"("id"),
  "created_by" integer REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" integer REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
-- One live warning per rule and target: the evaluator updates it instead of adding another. An ignored
-- one stays live (and ignored) until its condition is gone.
CREATE UNIQUE INDEX "project_warning_live" ON "project_warning" ("tenant_id", "rule_id", "target_type", "target_id") WHERE "status" IN ('OPEN', 'ACKNOWLEDGED', 'IGNORED');
--> statement-breakpoint
CREATE INDEX "project_warning_project" ON "project_warning" ("tenant_id", "project_id", "status");
--> statement-breakpoint
CREATE INDEX "project_warning_assignee" ON "project_warning" ("tenant_id", "assignee_id", "status");
--> statement-breakpoint
CREATE INDEX "project_warning_rank" ON "project_warning" ("tenant_id", "severity_rank");
--> statement-breakpoint
CREATE INDEX "project_warning_status" ON "project_warning" ("tenant_id", "status");
--> statement-breakpoint
CREATE INDEX "project_warning_rule" ON "project_warning" ("tenant_id", "rule_code");
--> statement-breakpoint
CREATE INDEX "project_warning_first" ON "project_warning" ("tenant_id", "first_detected_at");
--> statement-breakpoint
CREATE INDEX "project_warning_last" ON "project_warning" ("tenant_id", "last_detected_at");
--> statement-breakpoint
CREATE INDEX "project_warning_title" ON "project_warning" ("tenant_id", "title");
--> statement-breakpoint
SELECT enable_tenant_isolation(t) FROM unnest(ARRAY['warning_rule', 'project_warning']) t;
