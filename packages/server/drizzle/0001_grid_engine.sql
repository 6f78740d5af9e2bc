CREATE TABLE "data_change_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"entity" varchar(64) NOT NULL,
	"entity_key" integer NOT NULL,
	"action" varchar(10) NOT NULL,
	"field" varchar(64) NOT NULL,
	"before" text,
	"after" text,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictionaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(100) NOT NULL,
	"sql_text" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer,
	"remark" text,
	"tenant_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictionary_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"dictionary_id" integer NOT NULL,
	"value" varchar(100) NOT NULL,
	"label" varchar(100) NOT NULL,
	"label_zh" varchar(100),
	"sort" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(20) NOT NULL,
	"name" varchar(50) NOT NULL,
	"gender" varchar(20) NOT NULL,
	"organization_id" integer,
	"title" varchar(50),
	"phone" varchar(20),
	"email" varchar(100),
	"hire_date" date NOT NULL,
	"leave_date" date,
	"status" varchar(20) DEFAULT 'active' NOT NULL,
	"user_id" integer,
	"skills" text[],
	"hourly_rate" numeric(12, 2),
	"photo" varchar(500),
	"remark" text,
	"tenant_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "data_scope" varchar(20) DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "dictionaries" ADD CONSTRAINT "dictionaries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictionaries" ADD CONSTRAINT "dictionaries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictionaries" ADD CONSTRAINT "dictionaries_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictionary_items" ADD CONSTRAINT "dictionary_items_dictionary_id_dictionaries_id_fk" FOREIGN KEY ("dictionary_id") REFERENCES "public"."dictionaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictionary_items" ADD CONSTRAINT "dictionary_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictionary_items" ADD CONSTRAINT "dictionary_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictionary_items" ADD CONSTRAINT "dictionary_items_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_change_log_entity" ON "data_change_log" USING btree ("tenant_id","entity","entity_key","at");--> statement-breakpoint
CREATE UNIQUE INDEX "dictionaries_code" ON "dictionaries" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "dictionaries_name" ON "dictionaries" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "dictionaries_sort" ON "dictionaries" USING btree ("tenant_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "dictionary_items_value" ON "dictionary_items" USING btree ("dictionary_id","value");--> statement-breakpoint
CREATE INDEX "dictionary_items_dictionary" ON "dictionary_items" USING btree ("tenant_id","dictionary_id","sort");--> statement-breakpoint
CREATE INDEX "dictionary_items_label" ON "dictionary_items" USING btree ("tenant_id","label");--> statement-breakpoint
CREATE INDEX "dictionary_items_value_search" ON "dictionary_items" USING btree ("tenant_id","value");--> statement-breakpoint
CREATE INDEX "dictionary_items_sort" ON "dictionary_items" USING btree ("tenant_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_code" ON "employees" USING btree ("tenant_id","code") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "employees_user" ON "employees" USING btree ("tenant_id","user_id") WHERE deleted_at is null and user_id is not null;--> statement-breakpoint
CREATE INDEX "employees_name" ON "employees" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "employees_title" ON "employees" USING btree ("tenant_id","title");--> statement-breakpoint
CREATE INDEX "employees_hire_date" ON "employees" USING btree ("tenant_id","hire_date");--> statement-breakpoint
CREATE INDEX "employees_leave_date" ON "employees" USING btree ("tenant_id","leave_date");--> statement-breakpoint
CREATE INDEX "employees_status" ON "employees" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "employees_gender" ON "employees" USING btree ("tenant_id","gender");--> statement-breakpoint
CREATE INDEX "employees_organization" ON "employees" USING btree ("tenant_id","organization_id");--> statement-breakpoint
CREATE INDEX "employees_hourly_rate" ON "employees" USING btree ("tenant_id","hourly_rate");--> statement-breakpoint
CREATE INDEX "employees_created_by" ON "employees" USING btree ("tenant_id","created_by");